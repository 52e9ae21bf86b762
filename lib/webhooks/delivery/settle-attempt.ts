import { and, eq, isNull, sql } from "drizzle-orm";
import { db, statementDb, type TTransaction } from "@/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import type { TAttemptResult } from "./attempt-result";
import { failingSince } from "./failing-since";
import { nextRetry, shouldDisableEndpoint } from "./schedule";

export type TAttemptOutcome =
  | { done: true; status: "delivered" | "failed" | "cancelled" }
  | { done: false; retryInMs: number; nextAttemptAt: string };

type TDeliveryStatus = TAttemptOutcome & { done: true };

const jsonOrNull = (value: object | null) => (value === null ? null : JSON.stringify(value));

async function disableEndpoint(tx: TTransaction, endpointId: string, reason: string) {
  await tx
    .update(webhookEndpoints)
    .set({ status: "disabled", disabledReason: reason, updatedAt: new Date() })
    .where(
      and(
        eq(webhookEndpoints.id, endpointId),
        eq(webhookEndpoints.status, "active"),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
}

/**
 * The common case in one statement: a first write of a successful attempt closes its pending
 * delivery as delivered. False when either row was not as expected (the general path decides).
 */
async function closeDelivered({
  deliveryId,
  attempt,
  result,
}: {
  deliveryId: string;
  attempt: number;
  result: TAttemptResult;
}): Promise<boolean> {
  const now = new Date().toISOString();
  const { exchange } = result;
  const rows = await statementDb().execute(sql`
    with recorded as (
      update webhook_attempts set finished_at = ${now}::timestamptz, succeeded = true,
        response_code = ${result.responseCode}, latency_ms = ${result.latencyMs}, error = null,
        retry_after_ms = ${result.retryAfterMs},
        request_headers = ${jsonOrNull(exchange.requestHeaders)}::jsonb,
        request_body = ${exchange.requestBody},
        response_headers = ${jsonOrNull(exchange.responseHeaders)}::jsonb,
        response_body = ${exchange.responseBody}
      where delivery_id = ${deliveryId} and attempt = ${attempt} and finished_at is null
      returning started_at)
    update webhook_deliveries set status = 'delivered', attempts = ${attempt},
      last_attempt_at = recorded.started_at, last_response_code = ${result.responseCode},
      last_latency_ms = ${result.latencyMs}, last_error = null, next_attempt_at = null,
      delivered_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
    from recorded
    where webhook_deliveries.id = ${deliveryId} and webhook_deliveries.status = 'pending'
    returning 1 as closed`);
  return rows.length === 1;
}

/**
 * Writes the result of attempt `attempt` (retry number `retry` of this run) and decides what
 * comes next: delivered, failed for good, or another try after the scheduled wait (or the
 * receiver's Retry-After). A 410 Gone, or 5 days of nothing but failures, disables the endpoint.
 * Safe to run twice for the same attempt: the first write wins and the answer is the same.
 */
export async function settleAttempt({
  deliveryId,
  endpointId,
  attempt,
  retry,
  result,
}: {
  deliveryId: string;
  endpointId: string;
  attempt: number;
  retry: number;
  result: TAttemptResult;
}): Promise<TAttemptOutcome> {
  if (result.succeeded && (await closeDelivered({ deliveryId, attempt, result }))) {
    return { done: true, status: "delivered" };
  }
  return db.transaction(async (tx) => {
    const attemptKey = and(
      eq(webhookAttempts.deliveryId, deliveryId),
      eq(webhookAttempts.attempt, attempt),
    );
    await tx
      .update(webhookAttempts)
      .set({
        finishedAt: new Date(),
        succeeded: result.succeeded,
        responseCode: result.responseCode,
        latencyMs: result.latencyMs,
        error: result.error,
        retryAfterMs: result.retryAfterMs,
        ...result.exchange,
      })
      .where(and(attemptKey, isNull(webhookAttempts.finishedAt)));
    const [recorded] = await tx.select().from(webhookAttempts).where(attemptKey);
    const finishedAt = recorded!.finishedAt!;

    const last = {
      attempts: attempt,
      lastAttemptAt: recorded!.startedAt,
      lastResponseCode: result.responseCode,
      lastLatencyMs: result.latencyMs,
      lastError: result.error,
      updatedAt: new Date(),
    };
    const close = async (status: TDeliveryStatus["status"]): Promise<TAttemptOutcome> => {
      const [updated] = await tx
        .update(webhookDeliveries)
        .set({
          ...last,
          status,
          nextAttemptAt: null,
          ...(status === "delivered" ? { deliveredAt: finishedAt } : {}),
        })
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")))
        .returning({ id: webhookDeliveries.id });
      return { done: true, status: updated ? status : await current() };
    };
    const current = async (): Promise<TDeliveryStatus["status"]> => {
      const [row] = await tx
        .select({ status: webhookDeliveries.status })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, deliveryId));
      // Still pending here cannot happen: only a closed or deleted delivery refuses the update.
      return !row || row.status === "pending" ? "cancelled" : row.status;
    };

    if (result.succeeded) return close("delivered");
    if (result.gone) {
      await disableEndpoint(tx, endpointId, "the endpoint answered 410 Gone");
      return close("failed");
    }
    if (shouldDisableEndpoint({ failingSince: await failingSince(tx, endpointId) })) {
      await disableEndpoint(tx, endpointId, "every delivery failed for 5 days");
      return close("failed");
    }
    const next = nextRetry({ attempt: retry, retryAfterMs: result.retryAfterMs ?? undefined });
    if (!next.retry) return close("failed");
    const nextAttemptAt = new Date(finishedAt.getTime() + next.delayMs);
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ ...last, nextAttemptAt })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")))
      .returning({ id: webhookDeliveries.id });
    if (!updated) return { done: true, status: await current() };
    return {
      done: false,
      retryInMs: Math.max(0, nextAttemptAt.getTime() - Date.now()),
      nextAttemptAt: nextAttemptAt.toISOString(),
    };
  });
}
