"use client";

import type { TAgent } from "@/lib/agents/schemas";
import type { Environment } from "@/lib/environment";
import type { TApiKey } from "@/lib/keys/present-key";
import type { TNegotiation } from "@/lib/negotiations/schemas";
import type { TReceiptFull, TReceiptListItem, TReceiptVerification } from "@/lib/receipts/schemas";
import type { TSettlement } from "@/lib/settlements/schemas";
import type { UsageDay } from "@/lib/usage/usage-by-day";
import type { TWebhookDelivery, TWebhookStats } from "@/lib/webhooks/endpoints/schemas";

export type {
  TAgent,
  TApiKey,
  TNegotiation,
  TReceiptListItem,
  TReceiptVerification,
  TSettlement,
  TWebhookDelivery,
  UsageDay,
};
export type Page<T> = { data: T[]; cursor: string | null; hasMore: boolean };
export type CreatedKey = { key: TApiKey; secret: string };
export type RolledKey = CreatedKey & { previous: TApiKey };

export type EvidenceRecord = {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  previousHash: string;
  hash: string;
  createdAt: string;
};
export type ReceiptDetail = {
  receipt: TReceiptFull;
  evidence: EvidenceRecord[];
  inclusionProof: { leafIndex: number; treeSize: number; hashes: string[] } | null;
  treeHead: { origin: string; treeSize: number; rootHash: string; keyId: string } | null;
  logProblem: string | null;
};
type WebhookBase = { id: string; url: string; events: string[]; status: "active" | "disabled" };
export type WebhookListItem = WebhookBase & {
  successRate: number | null;
  lastDeliveredAt: string | null;
};
export type Webhook = WebhookBase & {
  description: string | null;
  stats: TWebhookStats;
  createdAt: string;
};
export type WebhookTestResult = {
  webhookId: string;
  testDelivery: {
    status: "delivered";
    responseCode: number;
    latency: string;
    signatureValid: boolean;
  };
  sentAt: string;
};

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
  keys: (environment: Environment) => ["keys", environment] as const,
  agents: (environment: Environment) => ["agents", environment] as const,
  /** A paged list's key; usePagedList appends the page's cursor. */
  agentPages: (environment: Environment) => ["agents", environment, "page"] as const,
  agent: (environment: Environment, id: string) => ["agents", environment, "detail", id] as const,
  receipts: (environment: Environment, filters: Record<string, string>) =>
    ["receipts", environment, "page", filters] as const,
  receipt: (environment: Environment, id: string) =>
    ["receipts", environment, "detail", id] as const,
  negotiations: (environment: Environment) => ["negotiations", environment, "page"] as const,
  negotiation: (environment: Environment, id: string) =>
    ["negotiations", environment, "detail", id] as const,
  settlements: (environment: Environment) => ["settlements", environment, "page"] as const,
  settlement: (environment: Environment, id: string) =>
    ["settlements", environment, "detail", id] as const,
  webhooks: (environment: Environment) => ["webhooks", environment] as const,
  webhook: (environment: Environment, id: string) =>
    ["webhooks", environment, "detail", id] as const,
  deliveries: (environment: Environment, id: string, cursor: string | null) =>
    ["webhooks", environment, "detail", id, "deliveries", cursor] as const,
  usage: (environment: Environment, days: number) => ["usage", environment, days] as const,
};
