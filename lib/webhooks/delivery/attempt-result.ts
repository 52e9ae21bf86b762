import type { TWebhookAttempt } from "@/db/schema";
import type { TSendResult } from "./send";

/** What one attempt came to, whether it was just sent or recorded before a crash. */
export type TAttemptResult = {
  succeeded: boolean;
  gone: boolean;
  responseCode: number | null;
  latencyMs: number | null;
  error: string | null;
  retryAfterMs: number | null;
};

export const interruptedError =
  "interrupted: the service stopped during this attempt, so whether the receiver got it is unknown";

export function resultOfSend(sent: TSendResult): TAttemptResult {
  return {
    succeeded: sent.ok,
    gone: sent.gone,
    responseCode: sent.status ?? null,
    latencyMs: sent.latencyMs,
    error: sent.error?.message ?? null,
    retryAfterMs: sent.retryAfterMs ?? null,
  };
}

/** A recorded attempt; one that never finished counts as failed (it is never sent again). */
export function resultOfRow(row: TWebhookAttempt): TAttemptResult {
  if (row.finishedAt === null) {
    return {
      succeeded: false,
      gone: false,
      responseCode: null,
      latencyMs: null,
      error: interruptedError,
      retryAfterMs: null,
    };
  }
  return {
    succeeded: row.succeeded === true,
    gone: row.responseCode === 410,
    responseCode: row.responseCode,
    latencyMs: row.latencyMs,
    error: row.error,
    retryAfterMs: row.retryAfterMs,
  };
}
