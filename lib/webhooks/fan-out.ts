import { and, arrayOverlaps, eq, isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type EventRow, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { allEvents } from "@/lib/events/types";
import { newId } from "@/lib/ids";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { deliveryRequested, type TDeliveryRequested } from "./job-names";

/**
 * The outbox half of an event: one delivery row per active endpoint of the event's organization
 * and environment that subscribed to its type, and one job per delivery, in the caller's
 * transaction. Returns the delivery ids.
 */
export async function fanOutEvent(executor: Executor, event: EventRow): Promise<string[]> {
  const endpoints = await executor
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
  if (endpoints.length === 0) return [];
  const deliveries = endpoints.map((endpoint) => ({
    id: newId("delivery"),
    organizationId: event.organizationId,
    environment: event.environment,
    endpointId: endpoint.id,
    eventId: event.id,
    eventType: event.type,
    nextAttemptAt: event.createdAt,
  }));
  await executor.insert(webhookDeliveries).values(deliveries);
  for (const delivery of deliveries) {
    const data: TDeliveryRequested = { deliveryId: delivery.id, endpointId: delivery.endpointId };
    await enqueueJob(executor, { name: deliveryRequested, data });
  }
  return deliveries.map((delivery) => delivery.id);
}
