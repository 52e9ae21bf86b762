import { and, eq, sql } from "drizzle-orm";
import { db, preparedQuery, type TDatabase } from "@/db/client";
import {
  events,
  type TEventRow,
  type TWebhookAttemptRow,
  type TWebhookDeliveryRow,
  type TWebhookEndpoint,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from "@/db/schema";

export type TAttemptTarget = {
  delivery: TWebhookDeliveryRow;
  endpoint: TWebhookEndpoint;
  event: TEventRow;
  /** This call recorded the attempt's start: it is the one to send it. */
  claimed: boolean;
};

function buildReadAndClaim(database: TDatabase) {
  const claimed = database.$with("claimed", { attempt: webhookAttempts.attempt }).as(sql`
    insert into ${webhookAttempts} (delivery_id, endpoint_id, attempt, started_at)
    select d.id, d.endpoint_id, ${sql.placeholder("attempt")}, now()
    from ${webhookDeliveries} d join ${webhookEndpoints} e on e.id = d.endpoint_id
    where d.id = ${sql.placeholder("deliveryId")} and d.status = 'pending'
      and e.deleted_at is null and e.status <> 'disabled'
    on conflict do nothing
    returning attempt`);
  return database
    .with(claimed)
    .select({
      delivery: webhookDeliveries,
      endpoint: webhookEndpoints,
      event: events,
      claimed: sql<boolean>`exists (select 1 from ${claimed})`,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, sql.placeholder("deliveryId")))
    .prepare("webhook_attempt_read_and_claim");
}

const readAndClaim = () =>
  preparedQuery("webhook_attempt_read_and_claim", buildReadAndClaim, "statements");

/**
 * Reads a delivery with its endpoint and event and, when an attempt may start (the delivery is
 * pending, its endpoint neither deleted nor disabled: what attemptDelivery checks on the row),
 * records that attempt `attempt` starts, in one statement, before anything is sent. Only the
 * first caller claims it: a step that runs again after a crash finds the row and sends nothing,
 * so no attempt ever reaches a receiver twice. Undefined when the delivery is gone.
 */
export async function readAndClaimAttempt(
  deliveryId: string,
  attempt: number,
): Promise<TAttemptTarget | undefined> {
  const [target] = await readAndClaim().execute({ deliveryId, attempt });
  return target;
}

/** The recorded attempt that an earlier run of the step claimed. */
export async function claimedAttempt(
  deliveryId: string,
  attempt: number,
): Promise<TWebhookAttemptRow> {
  const [row] = await db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.deliveryId, deliveryId), eq(webhookAttempts.attempt, attempt)));
  return row!;
}
