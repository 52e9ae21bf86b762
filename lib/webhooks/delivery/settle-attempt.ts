import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { db, statementDb, type TTransaction } from "@/db/client";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { noteFailingEndpoint } from "@/lib/webhooks/endpoints/failure-alert";
import { attemptResultColumns, lastAttemptColumns, type TAttemptResult } from "./attempt-result";
import { failingSince } from "./failing-since";
import { nextRetry, shouldDisableEndpoint } from "./schedule";

type TClosedStatus = "delivered" | "failed" | "cancelled";

export type TAttemptOutcome =
  | { done: true; status: TClosedStatus }
  /** A later attempt (a manual retry's) took the delivery over: this run stops. */
  | { done: true; status: "superseded" }
  | { done: false; retryInMs: number; nextAttemptAt: string };

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

/** Which attempt of which delivery. */
export type TAttemptKey = {
  deliveryId: string;
  /** The attempt's number, and its place in the retry schedule (1 for a first attempt). */
  attempt: number;
  retry: number;
};

type TSettleRequest = TAttemptKey & { endpointId: string; result: TAttemptResult };

/**
 * The common case in one statement for any number of attempts: a first write of a successful
 * attempt closes its pending delivery as delivered. Returns the deliveries closed; the others
 * (either row not as expected) go the general way.
 */
async function closeDelivered(requests: TSettleRequest[]): Promise<Set<string>> {
  if (requests.length === 0) return new Set();
  const now = new Date().toISOString();
  const rows = requests.map(({ deliveryId, attempt, result }) => ({
    delivery_id: deliveryId,
    attempt,
    response_code: result.responseCode,
    latency_ms: result.latencyMs,
    retry_after_ms: result.retryAfterMs,
    request_headers: result.exchange.requestHeaders,
    request_body: result.exchange.requestBody,
    response_headers: result.exchange.responseHeaders,
    response_body: result.exchange.responseBody,
  }));
  const closed = await statementDb().execute<{ id: string }>(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as i(delivery_id text,
        attempt int, response_code int, latency_ms int, retry_after_ms int, request_headers jsonb,
        request_body text, response_headers jsonb, response_body text)),
    recorded as (
      update webhook_attempts a set finished_at = ${now}::timestamptz, succeeded = true,
        response_code = i.response_code, latency_ms = i.latency_ms, error = null,
        retry_after_ms = i.retry_after_ms, request_headers = i.request_headers,
        request_body = i.request_body, response_headers = i.response_headers,
        response_body = i.response_body
      from input i
      where a.delivery_id = i.delivery_id and a.attempt = i.attempt and a.finished_at is null
      returning a.delivery_id, a.attempt, a.started_at, i.response_code, i.latency_ms)
    update webhook_deliveries d set status = 'delivered', attempts = r.attempt,
      last_attempt_at = r.started_at, last_response_code = r.response_code,
      last_latency_ms = r.latency_ms, last_error = null, next_attempt_at = null,
      delivered_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
    from recorded r
    where d.id = r.delivery_id and d.status = 'pending' and d.attempts < r.attempt
    returning d.id`);
  return new Set(closed.map((row) => row.id));
}

/**
 * Writes the results of attempts and decides what comes next for each delivery: delivered,
 * failed for good, or another try after the scheduled wait (or the receiver's Retry-After). A
 * 410 Gone, or 5 days of nothing but failures, disables the endpoint. Successful first writes
 * close in one statement; the rest are settled one by one. Safe to run twice for the same
 * attempt: the first write wins and the answer is the same, unless a later attempt took the
 * delivery over meanwhile (a manual retry reopened what the first run closed): a delivery is
 * only ever changed by an attempt later than every one it counts, so the step run again leaves
 * it to that attempt and answers `superseded`.
 */
export async function settleAttempts(requests: TSettleRequest[]): Promise<TAttemptOutcome[]> {
  const closed = await closeDelivered(requests.filter(({ result }) => result.succeeded));
  return Promise.all(
    requests.map((request) =>
      closed.has(request.deliveryId)
        ? { done: true as const, status: "delivered" as const }
        : settleOne(request),
    ),
  );
}

/** What became of a delivery that an attempt may no longer change. */
async function current(tx: TTransaction, deliveryId: string): Promise<TAttemptOutcome> {
  const [row] = await tx
    .select({ status: webhookDeliveries.status })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row) return { done: true, status: "cancelled" };
  // Pending, yet not this attempt's: a later attempt owns it now.
  return { done: true, status: row.status === "pending" ? "superseded" : row.status };
}

/** One attempt's result, in a transaction: see settleAttempts. */
function settleOne({
  deliveryId,
  endpointId,
  attempt,
  retry,
  result,
}: TSettleRequest): Promise<TAttemptOutcome> {
  return db.transaction(async (tx) => {
    const attemptKey = and(
      eq(webhookAttempts.deliveryId, deliveryId),
      eq(webhookAttempts.attempt, attempt),
    );
    await tx
      .update(webhookAttempts)
      .set({
        finishedAt: new Date(),
        ...attemptResultColumns(result),
      })
      .where(and(attemptKey, isNull(webhookAttempts.finishedAt)));
    const [recorded] = await tx.select().from(webhookAttempts).where(attemptKey);
    const finishedAt = recorded!.finishedAt!;
    // Only an attempt later than every one the delivery counts may change it, or its endpoint:
    // the same step run again after a manual retry reopened the delivery leaves both alone.
    // Checked before the endpoint is touched, and again by each write (a concurrent cancel).
    const unchanged = and(
      eq(webhookDeliveries.id, deliveryId),
      eq(webhookDeliveries.status, "pending"),
      lt(webhookDeliveries.attempts, attempt),
    );
    const [owned] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(unchanged);
    if (!owned) return current(tx, deliveryId);

    const last = {
      attempts: attempt,
      ...lastAttemptColumns(result, recorded!.startedAt),
      updatedAt: new Date(),
    };
    const close = async (status: TClosedStatus): Promise<TAttemptOutcome> => {
      const [updated] = await tx
        .update(webhookDeliveries)
        .set({
          ...last,
          status,
          nextAttemptAt: null,
          ...(status === "delivered" ? { deliveredAt: finishedAt } : {}),
        })
        .where(unchanged)
        .returning({ id: webhookDeliveries.id });
      return updated ? { done: true, status } : current(tx, deliveryId);
    };

    if (result.succeeded) return close("delivered");
    if (result.gone) {
      await disableEndpoint(tx, endpointId, "the endpoint answered 410 Gone");
      return close("failed");
    }
    const since = await failingSince(tx, endpointId);
    if (shouldDisableEndpoint({ failingSince: since })) {
      await disableEndpoint(tx, endpointId, "every delivery failed for 5 days");
      return close("failed");
    }
    await noteFailingEndpoint(tx, endpointId, since);
    const next = nextRetry({ attempt: retry, retryAfterMs: result.retryAfterMs ?? undefined });
    if (!next.retry) return close("failed");
    const nextAttemptAt = new Date(finishedAt.getTime() + next.delayMs);
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ ...last, nextAttemptAt })
      .where(unchanged)
      .returning({ id: webhookDeliveries.id });
    if (!updated) return current(tx, deliveryId);
    return {
      done: false,
      retryInMs: Math.max(0, nextAttemptAt.getTime() - Date.now()),
      nextAttemptAt: nextAttemptAt.toISOString(),
    };
  });
}
