import { expect, type Page } from "@playwright/test";

/** The ids of what the seeded organization holds, for the detail pages. */
export type TSeededConsole = {
  agentId: string;
  negotiationId: string;
  settlementId: string;
  receiptId: string;
  webhookId: string;
  keyId: string;
  eventId: string;
};

/** A page signed in to the seeded organization. */
export type TConsolePage = {
  name: string;
  path: (seeded: TSeededConsole) => string;
  /** Waits until the page shows its data, not a placeholder. */
  loaded: (page: Page, seeded: TSeededConsole) => Promise<void>;
};

/** A page seen signed out. */
export type TPublicPage = {
  name: string;
  path: string;
  loaded: (page: Page) => Promise<void>;
  /** Many screens long: its checks get more time, and its screenshot is its first screen. */
  long?: true;
};

const heading = (page: Page, name: string | RegExp) =>
  expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
const link = (page: Page, name: string) =>
  expect(page.getByRole("link", { name, exact: true }).first()).toBeVisible();

/**
 * The pages the layout, accessibility and screenshot checks visit (e2e/responsive.spec.ts,
 * e2e/accessibility.spec.ts) signed out: a new page joins them with one entry here.
 */
export const publicPages: TPublicPage[] = [
  {
    name: "landing",
    path: "/",
    loaded: (page) => heading(page, "Let agents settle deals, and prove every payment"),
  },
  {
    name: "not-found",
    path: "/no-such-page",
    loaded: (page) => heading(page, "Page not found"),
  },
  {
    name: "sign-in",
    path: "/sign-in",
    loaded: (page) => heading(page, "Sign in to the console"),
  },
  {
    name: "sign-up",
    path: "/sign-up",
    loaded: (page) => heading(page, "Create your account"),
  },
  {
    name: "api-reference",
    path: "/docs/api",
    loaded: (page) => heading(page, /API/),
    long: true,
  },
];

/** The same checks' console pages, signed in: a new page joins them with one entry here. */
export const consolePages: TConsolePage[] = [
  {
    name: "overview",
    path: () => "/console/sandbox",
    loaded: async (page) => {
      await heading(page, /Robotics/);
      await expect(page.getByTestId("stat-Settled volume")).toContainText("$12.50");
      await expect(page.getByTestId("recent-event").first()).toBeVisible();
    },
  },
  {
    name: "agents",
    path: () => "/console/sandbox/agents",
    loaded: (page) => link(page, "Seller agent"),
  },
  {
    name: "agent-detail",
    path: (seeded) => `/console/sandbox/agents/${seeded.agentId}`,
    loaded: (page) => heading(page, "Buyer agent"),
  },
  {
    name: "negotiations",
    path: () => "/console/sandbox/negotiations",
    loaded: (page, seeded) => link(page, seeded.negotiationId),
  },
  {
    name: "negotiation-detail",
    path: (seeded) => `/console/sandbox/negotiations/${seeded.negotiationId}`,
    loaded: (page) => heading(page, /Accepted/),
  },
  {
    name: "settlements",
    path: () => "/console/sandbox/settlements",
    loaded: (page, seeded) => link(page, seeded.settlementId),
  },
  {
    name: "settlement-detail",
    path: (seeded) => `/console/sandbox/settlements/${seeded.settlementId}`,
    loaded: (page) => heading(page, /Executed/),
  },
  {
    name: "receipts",
    path: () => "/console/sandbox/receipts",
    loaded: (page) => expect(page.getByTestId("receipt-row").first()).toContainText("Valid"),
  },
  {
    name: "receipt-detail",
    path: (seeded) => `/console/sandbox/receipts/${seeded.receiptId}`,
    loaded: (page) => expect(page.getByTestId("attest-hash")).toHaveText(/^0x[0-9a-f]{64}$/),
  },
  {
    name: "webhooks",
    path: () => "/console/sandbox/webhooks",
    loaded: (page) => expect(page.getByTestId("webhook-row")).toHaveCount(1),
  },
  {
    name: "webhook-detail",
    path: (seeded) => `/console/sandbox/webhooks/${seeded.webhookId}`,
    loaded: (page) => expect(page.getByTestId("delivery-row").first()).toBeVisible(),
  },
  {
    name: "events",
    path: () => "/console/sandbox/events",
    loaded: (page) => expect(page.getByTestId("event-row").first()).toBeVisible(),
  },
  {
    name: "event-detail",
    path: (seeded) => `/console/sandbox/events/${seeded.eventId}`,
    loaded: (page) => heading(page, "settlement.executed"),
  },
  {
    name: "request-logs",
    path: () => "/console/sandbox/logs",
    loaded: (page) => expect(page.getByTestId("request-log-row").first()).toBeVisible(),
  },
  {
    name: "keys",
    path: () => "/console/sandbox/keys",
    loaded: (page) => expect(page.getByText("Console checks", { exact: true })).toBeVisible(),
  },
  {
    name: "key-detail",
    path: (seeded) => `/console/sandbox/keys/${seeded.keyId}`,
    loaded: (page) => heading(page, /Console checks/),
  },
  {
    name: "team",
    path: () => "/console/sandbox/team",
    loaded: (page) => expect(page.getByTestId("member-row")).toHaveCount(1),
  },
  {
    name: "audit-log",
    path: () => "/console/sandbox/team/audit",
    loaded: (page) => expect(page.getByTestId("audit-row").first()).toBeVisible(),
  },
  {
    name: "usage",
    path: () => "/console/sandbox/usage",
    loaded: (page) => expect(page.getByTestId("total-volume")).toContainText("$12.50"),
  },
  {
    name: "console-not-found",
    path: () => "/console/sandbox/no-such-page",
    loaded: (page) => expect(page.getByTestId("console-not-found")).toBeVisible(),
  },
];

/** The widths the console supports: a desktop and a phone (an iPhone's 390 CSS pixels). */
export const checkedWidths = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** Waits until nothing on the page is loading any more (tables mark themselves aria-busy). */
export async function expectSettled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}
