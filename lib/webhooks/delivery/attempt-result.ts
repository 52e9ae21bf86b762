import type { TWebhookAttemptRow } from "@/db/schema";
import { exchangeOfSend, type TAttemptExchange } from "./attempt-exchange";
import type { TSendResult } from "./send";

/** What one attempt came to, whether it was just sent or recorded before a crash. */
export type TAttemptResult = {
  succeeded: boolean;
  gone: boolean;
  responseCode: number | null;
  latencyMs: number | null;
  error: string | null;
  retryAfterMs: number | null;
  exchange: TAttemptExchange;
};

/** The attempt row's columns that record its result. */
export const attemptResultColumns = (result: TAttemptResult) => ({
  succeeded: result.succeeded,
  responseCode: result.responseCode,
  latencyMs: result.latencyMs,
  error: result.error,
  retryAfterMs: result.retryAfterMs,
  ...result.exchange,
});

/** The delivery row's columns that sum up its latest attempt. */
export const lastAttemptColumns = (result: TAttemptResult, startedAt: Date) => ({
  lastAttemptAt: startedAt,
  lastResponseCode: result.responseCode,
  lastLatencyMs: result.latencyMs,
  lastError: result.error,
});

const noExchange: TAttemptExchange = {
  requestHeaders: null,
  requestBody: null,
  responseHeaders: null,
  responseBody: null,
};

export const interruptedError =
  "interrupted: the service stopped during this attempt, so whether the receiver got it is unknown";

export function resultOfSend(sent: TSendResult, requestBody: string): TAttemptResult {
  return {
    succeeded: sent.ok,
    gone: sent.gone,
    responseCode: sent.status ?? null,
    latencyMs: sent.latencyMs,
    error: sent.error?.message ?? null,
    retryAfterMs: sent.retryAfterMs ?? null,
    exchange: exchangeOfSend(sent, requestBody),
  };
}

/** A recorded attempt; one that never finished counts as failed (it is never sent again). */
export function resultOfRow(row: TWebhookAttemptRow): TAttemptResult {
  if (row.finishedAt === null) {
    return {
      succeeded: false,
      gone: false,
      responseCode: null,
      latencyMs: null,
      error: interruptedError,
      retryAfterMs: null,
      exchange: noExchange,
    };
  }
  return {
    succeeded: row.succeeded === true,
    gone: row.responseCode === 410,
    responseCode: row.responseCode,
    latencyMs: row.latencyMs,
    error: row.error,
    retryAfterMs: row.retryAfterMs,
    exchange: {
      requestHeaders: row.requestHeaders,
      requestBody: row.requestBody,
      responseHeaders: row.responseHeaders,
      responseBody: row.responseBody,
    },
  };
}
