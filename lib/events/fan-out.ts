import { and, arrayOverlaps, eq, isNull, sql } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { type TEventRow, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { newId } from "@/lib/ids";
import { enqueueJobsWithin } from "@/lib/jobs/enqueue-job";
import { deliveryRequested, type TDeliveryRequested } from "./jobs";
import { allEvents } from "./types";

/** The ids of the active endpoints of the event's organization and environment subscribed to it. */
export const subscribedEndpoints = (executor: TExecutor, event: TEventRow) =>
  executor
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organizationId, event.organizationId),
        eq(webhookEndpoints.environment, event.environment),
        eq(webhookEndpoints.status, "active"),
        isNull(webhookEndpoints.deletedAt),
        arrayOverlaps(webhookEndpoints.events, [event.type, allEvents]),
      ),
    );

/**
 * The outbox half of an event: one delivery row per subscribed endpoint and one job per
 * delivery, in the caller's transaction and in one statement. Returns the deliveries' ids.
 */
export async function fanOutEvent(
  executor: TExecutor,
  event: TEventRow,
  endpointIds: string[],
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const deliveries = endpointIds.map((endpointId) => ({
    id: newId("delivery"),
    organizationId: event.organizationId,
    environment: event.environment,
    endpointId,
    eventId: event.id,
    eventType: event.type,
    nextAttemptAt: event.createdAt,
  }));
  const jobs = deliveries.map((delivery) => ({
    name: deliveryRequested,
    data: { deliveryId: delivery.id, endpointId: delivery.endpointId } satisfies TDeliveryRequested,
  }));
  await executor.execute(sql`
    with deliveries as (${executor.insert(webhookDeliveries).values(deliveries).getSQL()})
    ${enqueueJobsWithin(executor, jobs)}`);
  return deliveries.map((delivery) => delivery.id);
}
