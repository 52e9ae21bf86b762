import { logger } from "./logger";
import { metrics } from "./metrics";

/**
 * One log line and the delivery metric for a webhook attempt. Neither the body nor the
 * signature headers are logged; the endpoint is named by id, not by URL (which may embed a token).
 */
export function recordWebhookAttempt(attempt: {
  deliveryId: string;
  endpointId: string;
  attempt: number;
  succeeded: boolean;
  responseCode: number | null;
  latencyMs: number | null;
  error: string | null;
}): void {
  const outcome = attempt.succeeded ? "delivered" : attempt.responseCode ? "rejected" : "error";
  metrics().deliveries.inc({ outcome });
  logger()[attempt.succeeded ? "info" : "warn"](
    {
      kind: "webhook_attempt",
      deliveryId: attempt.deliveryId,
      endpointId: attempt.endpointId,
      attempt: attempt.attempt,
      outcome,
      responseCode: attempt.responseCode,
      latencyMs: attempt.latencyMs,
      error: attempt.error ?? undefined,
    },
    "webhook attempt",
  );
}
