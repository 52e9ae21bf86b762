import type { TNavIconName } from "./nav";

// 16px line icons, inline so that nothing is fetched and every font renders them.
const paths: Record<TNavIconName, string> = {
  overview: "M2.5 2.5h4.5v4.5h-4.5zM9 2.5h4.5v4.5h-4.5zM2.5 9h4.5v4.5h-4.5zM9 9h4.5v4.5h-4.5z",
  agents:
    "M4 5.5h8a1.5 1.5 0 0 1 1.5 1.5v5a1.5 1.5 0 0 1-1.5 1.5h-8a1.5 1.5 0 0 1-1.5-1.5v-5a1.5 1.5 0 0 1 1.5-1.5zM8 5.5v-3M6 9.5h.01M10 9.5h.01",
  negotiations: "M2.5 4.5h8l-2-2M13.5 11.5h-8l2 2",
  settlements: "M2 4.5h12v7h-12zM2 7h12M4.5 9.5h2",
  receipts: "M3.5 1.5h9v13l-1.5-1-1.5 1-1.5-1-1.5 1-1.5-1-1.5 1zM6 5h4M6 8h4M6 11h2",
  webhooks:
    "M5 10.5a2.5 2.5 0 1 1 2.5-3.5l2.5 4.5M11 10.5a2.5 2.5 0 1 1 0 0M6.5 4.5a2.5 2.5 0 1 1 3.5 2.5",
  usage: "M2.5 13.5h11M4 11v-3M7 11v-6M10 11v-4M13 11v-8",
  team: "M6 7.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM1.5 13.5a4.5 4.5 0 0 1 9 0M11 7.5a2 2 0 1 0 0-4M12.5 13.5h2a3.5 3.5 0 0 0-3-3.45",
  audit: "M3.5 1.5h9v13h-9zM6 5h4M6 8h4M6 11h4M4.5 5h.01M4.5 8h.01M4.5 11h.01",
  events: "M9 1.5l-5 7.5h4l-1 5.5 5-7.5h-4z",
  logs: "M2.5 3.5h11M2.5 6.5h11M2.5 9.5h7M2.5 12.5h9",
  account: "M8 7.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2.5 14.5a5.5 5.5 0 0 1 11 0",
  keys: "M10 2.5a3.5 3.5 0 1 1-2.9 5.45l-4.6 4.55v1.5h-2v-2l4.55-4.6a3.5 3.5 0 0 1 4.95-4.9zM11 5h.01",
};

export function NavIcon({ name }: { name: TNavIconName }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={paths[name]} />
    </svg>
  );
}
