export type TNavIconName =
  | "overview"
  | "agents"
  | "keys"
  | "negotiations"
  | "settlements"
  | "receipts"
  | "webhooks"
  | "usage"
  | "team"
  | "audit"
  | "events"
  | "logs"
  | "account";
export type TNavItem = { segment: string; label: string; icon: TNavIconName };
export type TNavSection = { title: string; items: TNavItem[] };

/**
 * The console's sections. A new page is one entry here and one folder under
 * app/(console)/console/[environment]/.
 */
export const consoleNav: TNavSection[] = [
  {
    title: "Workspace",
    items: [
      { segment: "", label: "Overview", icon: "overview" },
      { segment: "agents", label: "Agents", icon: "agents" },
    ],
  },
  {
    title: "Payments",
    items: [
      { segment: "negotiations", label: "Negotiations", icon: "negotiations" },
      { segment: "settlements", label: "Settlements", icon: "settlements" },
      { segment: "receipts", label: "Receipts", icon: "receipts" },
    ],
  },
  {
    title: "Developers",
    items: [
      { segment: "keys", label: "API keys", icon: "keys" },
      { segment: "webhooks", label: "Webhooks", icon: "webhooks" },
      { segment: "events", label: "Events", icon: "events" },
      { segment: "logs", label: "Request logs", icon: "logs" },
      { segment: "usage", label: "Usage", icon: "usage" },
    ],
  },
  {
    title: "Organization",
    items: [
      { segment: "team", label: "Team", icon: "team" },
      { segment: "team/audit", label: "Audit log", icon: "audit" },
      { segment: "account", label: "Account", icon: "account" },
    ],
  },
];
