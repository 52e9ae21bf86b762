"use client";

import type { TAgent } from "@/lib/agents/schemas";
import type { TGettingStarted } from "@/lib/console/getting-started";
import type { TEnvironment } from "@/lib/environment";
import type { TEventEnvelope } from "@/lib/events/types";
import type { TApiKey } from "@/lib/keys/present-key";
import type { TWallet } from "@/lib/ledger/schemas";
import type { TNegotiation } from "@/lib/negotiations/schemas";
import type { TPlanTier } from "@/lib/orgs/plans";
import type { TReceiptFull, TReceiptListItem, TReceiptVerification } from "@/lib/receipts/schemas";
import type { TKeyUsageDay } from "@/lib/request-logs/key-usage";
import type { TRequestLog } from "@/lib/request-logs/schemas";
import type { TSettlement, TSettlementStats } from "@/lib/settlements/schemas";
import type { TAuditEntry, TInvitation, TMember } from "@/lib/team/schemas";

import type { TUsageDay } from "@/lib/usage/usage-by-day";
import type { TFailingEndpoint } from "@/lib/webhooks/endpoints/failing-endpoints";
import type {
  TWebhookAttempt,
  TWebhookDelivery,
  TWebhookStats,
  TWebhookTestResult,
} from "@/lib/webhooks/endpoints/schemas";

export type {
  TAgent,
  TApiKey,
  TAuditEntry,
  TEventEnvelope,
  TInvitation,
  TKeyUsageDay,
  TMember,
  TNegotiation,
  TReceiptListItem,
  TReceiptVerification,
  TRequestLog,
  TSettlement,
  TSettlementStats,
  TUsageDay as UsageDay,
  TWallet,
  TWebhookAttempt,
  TWebhookDelivery,
  TWebhookTestResult,
};
export type TOverview = {
  gettingStarted: TGettingStarted;
  failingWebhooks: TFailingEndpoint[];
  recentEvents: TEventEnvelope[];
};
export type TUsage = {
  data: TUsageDay[];
  plan: { tier: TPlanTier; perMinute: number; burst: number; daily: number | null };
};
export type TPage<T> = { data: T[]; cursor: string | null; hasMore: boolean };
export type TCreatedKey = { key: TApiKey; secret: string };
export type TRolledKey = TCreatedKey & { previous: TApiKey };
export type TCreatedInvitation = {
  invitation: TInvitation;
  url: string;
  /** What became of the mail to the invitee (lib/mail/send-mail.ts). */
  mail: "sent" | "written" | "skipped" | "failed";
};
export type TKeyDetail = { key: TApiKey; usage: TKeyUsageDay[] };
export type TEventDelivery = TWebhookDelivery & { webhookUrl: string };
export type TEventDetail = { event: TEventEnvelope; deliveries: TEventDelivery[] };

export type TEvidenceRecord = {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  previousHash: string;
  hash: string;
  createdAt: string;
};
export type TReceiptDetail = {
  receipt: TReceiptFull;
  settlement: {
    status: string;
    reason: string | null;
    reversedAt: string | null;
    disputedAt: string | null;
  } | null;
  evidence: TEvidenceRecord[];
  inclusionProof: { leafIndex: number; treeSize: number; hashes: string[] } | null;
  treeHead: { origin: string; treeSize: number; rootHash: string; keyId: string } | null;
  logProblem: string | null;
};
type TWebhookBase = { id: string; url: string; events: string[]; status: "active" | "disabled" };
export type TWebhookListItem = TWebhookBase & {
  successRate: number | null;
  lastDeliveredAt: string | null;
};
export type TWebhook = TWebhookBase & {
  description: string | null;
  stats: TWebhookStats;
  createdAt: string;
};
export type TDeliveryFilters = { status: string; eventType: string };
export type TFailedDeliveries = { since: string; failed: number };
export type TRetriedDeliveries = { since: string; retried: number; remaining: number };

export class ConsoleApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** Calls a console JSON route with the session cookie; never with an API key. */
export async function consoleFetch<T>(
  path: string,
  { method = "GET", body }: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 401) {
    const back = window.location.pathname + window.location.search;
    window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(back)}`);
  }
  const payload = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (payload as { error?: { message?: string; param?: string } })?.error;
    throw new ConsoleApiError(
      error?.message ?? `The console answered ${response.status}.`,
      response.status,
      error?.param,
    );
  }
  return payload as T;
}

/** An id the console's search found (GET /api/console/search). */
export type TFoundId = { kind: string; id: string; label: string | null; path: string };

/** Query keys: one place, so that a mutation invalidates exactly what it changed. */
export const queryKeys = {
  keys: (environment: TEnvironment) => ["keys", environment] as const,
  key: (environment: TEnvironment, id: string) => ["keys", environment, "detail", id] as const,
  requestLogs: (environment: TEnvironment, filters: Record<string, string>) =>
    ["request-logs", environment, "page", filters] as const,
  events: (environment: TEnvironment, filters: Record<string, string>) =>
    ["events", environment, "page", filters] as const,
  event: (environment: TEnvironment, id: string) => ["events", environment, "detail", id] as const,
  agents: (environment: TEnvironment) => ["agents", environment] as const,
  /** A paged list's key; usePagedList appends the page's cursor. */
  agentPages: (environment: TEnvironment, filters: Record<string, string> = {}) =>
    ["agents", environment, "page", filters] as const,
  agent: (environment: TEnvironment, id: string) => ["agents", environment, "detail", id] as const,
  wallet: (environment: TEnvironment, id: string, cursor: string | null) =>
    ["agents", environment, "detail", id, "wallet", cursor] as const,
  receipts: (environment: TEnvironment, filters: Record<string, string>) =>
    ["receipts", environment, "page", filters] as const,
  receipt: (environment: TEnvironment, id: string) =>
    ["receipts", environment, "detail", id] as const,
  negotiations: (environment: TEnvironment, filters: Record<string, string> = {}) =>
    ["negotiations", environment, "page", filters] as const,
  negotiation: (environment: TEnvironment, id: string) =>
    ["negotiations", environment, "detail", id] as const,
  settlements: (environment: TEnvironment, filters: Record<string, string> = {}) =>
    ["settlements", environment, "page", filters] as const,
  settlement: (environment: TEnvironment, id: string) =>
    ["settlements", environment, "detail", id] as const,
  search: (environment: TEnvironment, text: string) => ["search", environment, text] as const,
  failingWebhooks: (environment: TEnvironment) => ["webhooks", environment, "failing"] as const,
  webhooks: (environment: TEnvironment) => ["webhooks", environment] as const,
  webhook: (environment: TEnvironment, id: string) =>
    ["webhooks", environment, "detail", id] as const,
  deliveries: (
    environment: TEnvironment,
    id: string,
    filters: TDeliveryFilters,
    cursor: string | null,
  ) => ["webhooks", environment, "detail", id, "deliveries", filters, cursor] as const,
  attempts: (environment: TEnvironment, id: string, deliveryId: string) =>
    ["webhooks", environment, "detail", id, "attempts", deliveryId] as const,
  failedDeliveries: (environment: TEnvironment, id: string, since: string) =>
    ["webhooks", environment, "detail", id, "failed", since] as const,
  webhookSecret: (environment: TEnvironment, id: string) =>
    ["webhooks", environment, "detail", id, "secret"] as const,
  usage: (environment: TEnvironment, days: number) => ["usage", environment, days] as const,
  /** The team is the organization's, the same in both environments. */
  team: () => ["team"] as const,
  members: () => ["team", "members"] as const,
  /** The signed-in user's own sessions. */
  sessions: () => ["account", "sessions"] as const,
  invitations: () => ["team", "invitations"] as const,
  audit: (filters: Record<string, string> = {}) => ["team", "audit", filters] as const,
  settlementStats: (environment: TEnvironment, from: string) =>
    ["settlements", environment, "stats", from] as const,
  overview: (environment: TEnvironment) => ["overview", environment] as const,
};
