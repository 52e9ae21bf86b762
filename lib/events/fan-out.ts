import { type SQL, sql } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { type TEventRow, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { newId } from "@/lib/ids";
import { enqueueJobsWithin } from "@/lib/jobs/enqueue-job";
import { deliveryRequested, type TDeliveryRequested } from "./jobs";
import { allEvents } from "./types";

/**
 * The ids of the active endpoints subscribed to an event, as a subquery on the event's columns
 * (its organization, environment and type) in the statement that writes it.
 */
export const subscribedEndpoints = (event: { organizationId: SQL; environment: SQL; type: SQL }) =>
  sql`select ${webhookEndpoints.id} from ${webhookEndpoints}
    where ${webhookEndpoints.organizationId} = ${event.organizationId}
      and ${webhookEndpoints.environment} = ${event.environment}
      and ${webhookEndpoints.status} = 'active'
      and ${webhookEndpoints.deletedAt} is null
      and ${webhookEndpoints.events} && array[${event.type}, ${allEvents}]::text[]`;

/** An event and the endpoints it goes to. */
export type TFanOut = { event: TEventRow; endpointIds: string[] };

/**
 * The outbox half of events: one delivery row per subscribed endpoint and one job per delivery,
 * in the caller's transaction and in one statement for all of them. Returns the deliveries' ids.
 */
export async function fanOutEvents(executor: TExecutor, fanOuts: TFanOut[]): Promise<string[]> {
  const deliveries = fanOuts.flatMap(({ event, endpointIds }) =>
    endpointIds.map((endpointId) => ({
      id: newId("delivery"),
      organizationId: event.organizationId,
      environment: event.environment,
      endpointId,
      eventId: event.id,
      eventType: event.type,
      nextAttemptAt: event.createdAt,
    })),
  );
  if (deliveries.length === 0) return [];
  const jobs = deliveries.map((delivery) => ({
    name: deliveryRequested,
    data: { deliveryId: delivery.id, endpointId: delivery.endpointId } satisfies TDeliveryRequested,
  }));
  await executor.execute(sql`
    with deliveries as (${executor.insert(webhookDeliveries).values(deliveries).getSQL()})
    ${enqueueJobsWithin(executor, jobs)}`);
  return deliveries.map((delivery) => delivery.id);
}
