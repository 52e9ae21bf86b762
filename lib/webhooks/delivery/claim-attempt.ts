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
  const deliveryIds = sql`${sql.placeholder("deliveryIds")}::text[]`;
  const claimed = database.$with("claimed", { deliveryId: webhookAttempts.deliveryId }).as(sql`
    insert into ${webhookAttempts} (delivery_id, endpoint_id, attempt, started_at)
    select d.id, d.endpoint_id, wanted.attempt, now()
    from unnest(${deliveryIds}, ${sql.placeholder("attempts")}::int[]) as wanted(delivery_id, attempt)
      join ${webhookDeliveries} d on d.id = wanted.delivery_id
      join ${webhookEndpoints} e on e.id = d.endpoint_id
    where d.status = 'pending' and e.deleted_at is null and e.status <> 'disabled'
    on conflict do nothing
    returning delivery_id`);
  return database
    .with(claimed)
    .select({
      delivery: webhookDeliveries,
      endpoint: webhookEndpoints,
      event: events,
      claimed: sql<boolean>`exists (select 1 from ${claimed} c where c.delivery_id = ${webhookDeliveries.id})`,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(sql`${webhookDeliveries.id} = any(${deliveryIds})`)
    .prepare("webhook_attempts_read_and_claim");
}

const readAndClaim = () =>
  preparedQuery("webhook_attempts_read_and_claim", buildReadAndClaim, "statements");

/**
 * Reads deliveries with their endpoints and events and, for each whose attempt may start (the
 * delivery is pending, its endpoint neither deleted nor disabled: what attemptDeliveries checks
 * on the row), records that its attempt starts, in one statement, before anything is sent. Only
 * the first caller claims an attempt: a step that runs again after a crash finds the row and
 * sends nothing, so no attempt ever reaches a receiver twice. A delivery that is gone is absent
 * from the answer. One attempt per delivery.
 */
export async function readAndClaimAttempts(
  wanted: { deliveryId: string; attempt: number }[],
): Promise<Map<string, TAttemptTarget>> {
  const targets = await readAndClaim().execute({
    deliveryIds: wanted.map((item) => item.deliveryId),
    attempts: wanted.map((item) => item.attempt),
  });
  return new Map(targets.map((target) => [target.delivery.id, target]));
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
