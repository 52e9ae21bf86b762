import { inArray, sql } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { webhookAttempts } from "@/db/schema";
import type { TWebhookStats } from "./schemas";

const none: TWebhookStats = {
  totalDeliveries: 0,
  successRate: null,
  averageLatency: null,
  lastDeliveredAt: null,
};

/**
 * Delivery statistics per endpoint, from the finished attempts, a test delivery's included:
 * every HTTP request counts as one delivery.
 */
export async function endpointStats(
  endpointIds: string[],
  executor: TExecutor = db,
): Promise<Map<string, TWebhookStats>> {
  const stats = new Map<string, TWebhookStats>();
  if (endpointIds.length === 0) return stats;
  const rows = await executor
    .select({
      endpointId: webhookAttempts.endpointId,
      total: sql<number>`count(*)`.mapWith(Number),
      succeeded: sql<number>`count(*) filter (where ${webhookAttempts.succeeded})`.mapWith(Number),
      averageLatencyMs: sql<string | null>`avg(${webhookAttempts.latencyMs})`,
      lastDeliveredAt: sql<
        string | null
      >`max(${webhookAttempts.finishedAt}) filter (where ${webhookAttempts.succeeded})`,
    })
    .from(webhookAttempts)
    .where(
      sql`${inArray(webhookAttempts.endpointId, endpointIds)} and ${webhookAttempts.finishedAt} is not null`,
    )
    .groupBy(webhookAttempts.endpointId);
  for (const row of rows) {
    stats.set(row.endpointId, {
      totalDeliveries: row.total,
      successRate: Math.round((row.succeeded / row.total) * 10_000) / 100,
      averageLatency:
        row.averageLatencyMs === null ? null : `${Math.round(Number(row.averageLatencyMs))}ms`,
      lastDeliveredAt: row.lastDeliveredAt ? new Date(row.lastDeliveredAt).toISOString() : null,
    });
  }
  for (const id of endpointIds) if (!stats.has(id)) stats.set(id, none);
  return stats;
}
