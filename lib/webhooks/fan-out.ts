import { and, arrayOverlaps, eq, isNull } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type EventRow, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { allEvents } from "@/lib/events/types";
import { newId } from "@/lib/ids";
import { enqueueJobs } from "@/lib/jobs/enqueue-job";
import { deliveryRequested, type TDeliveryRequested } from "./job-names";

/** The ids of the active endpoints of the event's organization and environment subscribed to it. */
export const subscribedEndpoints = (executor: Executor, event: EventRow) =>
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
 * delivery, in the caller's transaction.
 */
export async function fanOutEvent(
  executor: Executor,
  event: EventRow,
  endpointIds: string[],
): Promise<void> {
  if (endpointIds.length === 0) return;
  const deliveries = endpointIds.map((endpointId) => ({
    id: newId("delivery"),
    organizationId: event.organizationId,
    environment: event.environment,
    endpointId,
    eventId: event.id,
    eventType: event.type,
    nextAttemptAt: event.createdAt,
  }));
  await executor.insert(webhookDeliveries).values(deliveries);
  await enqueueJobs(
    executor,
    deliveries.map((delivery) => ({
      name: deliveryRequested,
      data: {
        deliveryId: delivery.id,
        endpointId: delivery.endpointId,
      } satisfies TDeliveryRequested,
    })),
  );
}
