import { and, eq, sql } from "drizzle-orm";
import { db, preparedQuery } from "@/db/client";
import { events, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { presentEvent } from "@/lib/events/present-event";
import { activeSecrets } from "./active-secrets";
import { resultOfRow, resultOfSend, type TAttemptResult } from "./attempt-result";
import { claimAttempt } from "./claim-attempt";
import { sendWebhook } from "./send";
import { settleAttempt, type TAttemptOutcome } from "./settle-attempt";

async function closeWithoutAttempt(
  deliveryId: string,
  status: "failed" | "cancelled",
  reason: string,
): Promise<TAttemptOutcome> {
  await db
    .update(webhookDeliveries)
    .set({ status, nextAttemptAt: null, lastError: reason, updatedAt: new Date() })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")));
  return { done: true, status };
}

/** A delivery with its endpoint and event, read before every attempt. */
const deliveryTarget = () =>
  preparedQuery("webhook_delivery_target", (database) =>
    database
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: events })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.id, sql.placeholder("deliveryId")))
      .prepare("webhook_delivery_target"),
  );

/**
 * Attempt number `attempt` of a delivery (retry `retry` of this run, for the schedule): the
 * endpoint is read again first (deleted → cancelled, disabled → failed), the attempt is claimed
 * so that it is sent at most once, then sent, with the URL vetted again against the current DNS.
 */
export async function attemptDelivery({
  deliveryId,
  attempt,
  retry,
}: {
  deliveryId: string;
  attempt: number;
  retry: number;
}): Promise<TAttemptOutcome> {
  const [target] = await deliveryTarget().execute({ deliveryId });
  if (!target) return { done: true, status: "cancelled" };
  const { delivery, endpoint, event } = target;
  if (delivery.status !== "pending") return { done: true, status: delivery.status };
  if (endpoint.deletedAt)
    return closeWithoutAttempt(deliveryId, "cancelled", "the endpoint was deleted");
  if (endpoint.status === "disabled") {
    return closeWithoutAttempt(deliveryId, "failed", "the endpoint is disabled");
  }

  const claim = await claimAttempt({ deliveryId, endpointId: endpoint.id, attempt });
  let result: TAttemptResult;
  if (claim.kind === "existing") {
    result = resultOfRow(claim.row);
  } else {
    const sent = await sendWebhook({
      url: endpoint.url,
      environment: endpoint.environment,
      id: event.id,
      body: JSON.stringify(presentEvent(event)),
      secrets: activeSecrets(endpoint),
    });
    result = resultOfSend(sent);
  }
  return settleAttempt({ deliveryId, endpointId: endpoint.id, attempt, retry, result });
}
