import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { presentEvent } from "@/lib/events/present-event";
import { recordWebhookAttempt } from "@/lib/observability/record-webhook-attempt";
import { SpanKind, traceSpan } from "@/lib/observability/tracing";
import { activeSecrets } from "./active-secrets";
import { resultOfRow, resultOfSend, type TAttemptResult } from "./attempt-result";
import { claimedAttempt, readAndClaimAttempt } from "./claim-attempt";
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

/**
 * Attempt number `attempt` of a delivery (retry `retry` of this run, for the schedule): the
 * endpoint is read again with the attempt's claim (deleted → cancelled, disabled → failed, and
 * nothing claimed), so that it is sent at most once; then it is sent, with the URL vetted again
 * against the current DNS.
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
  const target = await readAndClaimAttempt(deliveryId, attempt);
  if (!target) return { done: true, status: "cancelled" };
  const { delivery, endpoint, event } = target;
  if (delivery.status !== "pending") return { done: true, status: delivery.status };
  if (endpoint.deletedAt)
    return closeWithoutAttempt(deliveryId, "cancelled", "the endpoint was deleted");
  if (endpoint.status === "disabled") {
    return closeWithoutAttempt(deliveryId, "failed", "the endpoint is disabled");
  }

  let result: TAttemptResult;
  if (target.claimed) {
    const body = JSON.stringify(presentEvent(event));
    const sent = await traceSpan(
      "webhook send",
      {
        kind: SpanKind.CLIENT,
        attributes: { "webhook.delivery_id": deliveryId, "webhook.attempt": attempt },
      },
      () =>
        sendWebhook({
          url: endpoint.url,
          environment: endpoint.environment,
          id: event.id,
          body,
          secrets: activeSecrets(endpoint),
        }),
    );
    result = resultOfSend(sent, body);
    recordWebhookAttempt({ deliveryId, endpointId: endpoint.id, attempt, ...result });
  } else {
    result = resultOfRow(await claimedAttempt(deliveryId, attempt));
  }
  return settleAttempt({ deliveryId, endpointId: endpoint.id, attempt, retry, result });
}
