import type { TWebhookAttemptRow } from "@/db/schema";
import type { TWebhookAttempt } from "@/lib/webhooks/endpoints/schemas";

export function presentAttempt(row: TWebhookAttemptRow): TWebhookAttempt {
  return {
    attempt: row.attempt,
    status: row.finishedAt === null ? "in_flight" : row.succeeded ? "succeeded" : "failed",
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    responseCode: row.responseCode,
    latency: row.latencyMs === null ? null : `${row.latencyMs}ms`,
    error: row.error,
    request:
      row.requestHeaders === null
        ? null
        : { headers: row.requestHeaders, body: row.requestBody ?? "" },
    response:
      row.responseHeaders === null
        ? null
        : { headers: row.responseHeaders, body: row.responseBody ?? "" },
  };
}
