import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { presentEvent } from "@/lib/events/present-event";
import { recordWebhookAttempt } from "@/lib/observability/record-webhook-attempt";
import { continueTrace, SpanKind, traceSpan } from "@/lib/observability/tracing";
import { activeSecrets } from "./active-secrets";
import { resultOfRow, resultOfSend, type TAttemptResult } from "./attempt-result";
import { claimedAttempt, readAndClaimAttempts, type TAttemptTarget } from "./claim-attempt";
import { sendWebhook } from "./send";
import { settleAttempts, type TAttemptKey, type TAttemptOutcome } from "./settle-attempt";

export type TAttemptRequest = TAttemptKey & {
  /** The trace the attempt's send belongs to, when it is not the run's own (a batch). */
  traceparent?: string;
};

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
 * Attempts of deliveries (one each), all at once, so that a slow receiver holds up none of the
 * others. Each endpoint is read again with the attempt's claim (deleted → cancelled, disabled
 * → failed, and nothing claimed), so that an attempt is sent at most once; then it is sent,
 * with the URL vetted again against the current DNS. Outcomes in the order of the requests.
 */
export async function attemptDeliveries(requests: TAttemptRequest[]): Promise<TAttemptOutcome[]> {
  const targets = await readAndClaimAttempts(requests);
  const settled: { request: TAttemptRequest; target: TAttemptTarget; result: TAttemptResult }[] =
    [];
  const attempted = await Promise.allSettled(
    requests.map(async (request): Promise<TAttemptOutcome | undefined> => {
      const target = targets.get(request.deliveryId);
      if (!target) return { done: true, status: "cancelled" };
      const { delivery, endpoint } = target;
      if (delivery.status !== "pending") return { done: true, status: delivery.status };
      if (endpoint.deletedAt)
        return closeWithoutAttempt(delivery.id, "cancelled", "the endpoint was deleted");
      if (endpoint.status === "disabled")
        return closeWithoutAttempt(delivery.id, "failed", "the endpoint is disabled");
      settled.push({ request, target, result: await resultOf(request, target) });
      return undefined;
    }),
  );
  const settledOutcomes = await settleAttempts(
    settled.map(({ request, target, result }) => ({
      ...request,
      endpointId: target.endpoint.id,
      result,
    })),
  );
  // What was sent is recorded before a failure elsewhere in the batch is thrown, so that the
  // step's next run finds those attempts finished, not interrupted, and sends none again.
  const failure = attempted.find((item) => item.status === "rejected");
  if (failure) throw failure.reason;
  const byDelivery = new Map(
    settled.map(({ request }, index) => [request.deliveryId, settledOutcomes[index]!]),
  );
  return attempted.map(
    (item, index) =>
      (item.status === "fulfilled" && item.value) || byDelivery.get(requests[index]!.deliveryId)!,
  );
}

/** One delivery's attempt: attemptDeliveries for one. */
export async function attemptDelivery(request: TAttemptRequest): Promise<TAttemptOutcome> {
  const [outcome] = await attemptDeliveries([request]);
  return outcome!;
}

/** Sends the attempt this call claimed, or reads what became of one claimed before a crash. */
async function resultOf(
  { deliveryId, attempt, traceparent }: TAttemptRequest,
  { endpoint, event, claimed }: TAttemptTarget,
): Promise<TAttemptResult> {
  if (!claimed) return resultOfRow(await claimedAttempt(deliveryId, attempt));
  const body = JSON.stringify(presentEvent(event));
  const send = () =>
    traceSpan(
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
  const sent = await continueTrace(traceparent, send);
  const result = resultOfSend(sent, body);
  recordWebhookAttempt({ deliveryId, endpointId: endpoint.id, attempt, ...result });
  return result;
}
