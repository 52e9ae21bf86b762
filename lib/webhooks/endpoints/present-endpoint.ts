import type { TWebhookEndpoint } from "@/db/schema";
import type { TWebhookStats } from "./schemas";

const base = (endpoint: TWebhookEndpoint) => ({
  id: endpoint.id,
  url: endpoint.url,
  events: endpoint.events,
  status: endpoint.status,
});

/** The answer to POST /v1/webhooks. The secret never leaves the database. */
export const presentCreatedEndpoint = (endpoint: TWebhookEndpoint) => ({
  ...base(endpoint),
  createdAt: endpoint.createdAt.toISOString(),
});

export const presentEndpointListItem = (endpoint: TWebhookEndpoint, stats: TWebhookStats) => ({
  ...base(endpoint),
  successRate: stats.successRate,
  lastDeliveredAt: stats.lastDeliveredAt,
});

export const presentEndpoint = (endpoint: TWebhookEndpoint, stats: TWebhookStats) => ({
  ...base(endpoint),
  description: endpoint.description,
  stats,
  createdAt: endpoint.createdAt.toISOString(),
});

export const presentUpdatedEndpoint = (endpoint: TWebhookEndpoint) => ({
  ...base(endpoint),
  updatedAt: endpoint.updatedAt.toISOString(),
});
