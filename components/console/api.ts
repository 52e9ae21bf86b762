"use client";

import type { TAgent } from "@/lib/agents/schemas";
import type { TEnvironment } from "@/lib/environment";
import type { TApiKey } from "@/lib/keys/present-key";
import type { TNegotiation } from "@/lib/negotiations/schemas";
import type { TReceiptFull, TReceiptListItem, TReceiptVerification } from "@/lib/receipts/schemas";
import type { TSettlement } from "@/lib/settlements/schemas";
import type { TUsageDay } from "@/lib/usage/usage-by-day";
import type {
  TWebhookAttempt,
  TWebhookDelivery,
  TWebhookStats,
} from "@/lib/webhooks/endpoints/schemas";

export type {
  TAgent,
  TApiKey,
  TNegotiation,
  TReceiptListItem,
  TReceiptVerification,
  TSettlement,
  TUsageDay as UsageDay,
  TWebhookAttempt,
  TWebhookDelivery,
};
export type TPage<T> = { data: T[]; cursor: string | null; hasMore: boolean };
export type TCreatedKey = { key: TApiKey; secret: string };
export type TRolledKey = TCreatedKey & { previous: TApiKey };

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
export type TWebhookTestResult = {
  webhookId: string;
  testDelivery: {
    status: "delivered";
    responseCode: number;
    latency: string;
    signatureValid: boolean;
  };
  sentAt: string;
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

/** Query keys: one place, so that a mutation invalidates exactly what it changed. */
export const queryKeys = {
  keys: (environment: TEnvironment) => ["keys", environment] as const,
  agents: (environment: TEnvironment) => ["agents", environment] as const,
  /** A paged list's key; usePagedList appends the page's cursor. */
  agentPages: (environment: TEnvironment) => ["agents", environment, "page"] as const,
  agent: (environment: TEnvironment, id: string) => ["agents", environment, "detail", id] as const,
  receipts: (environment: TEnvironment, filters: Record<string, string>) =>
    ["receipts", environment, "page", filters] as const,
  receipt: (environment: TEnvironment, id: string) =>
    ["receipts", environment, "detail", id] as const,
  negotiations: (environment: TEnvironment) => ["negotiations", environment, "page"] as const,
  negotiation: (environment: TEnvironment, id: string) =>
    ["negotiations", environment, "detail", id] as const,
  settlements: (environment: TEnvironment) => ["settlements", environment, "page"] as const,
  settlement: (environment: TEnvironment, id: string) =>
    ["settlements", environment, "detail", id] as const,
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
};
