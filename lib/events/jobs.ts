/**
 * The first attempt of one event's delivery to one endpoint, enqueued when the event fans out
 * (or when a delivery is retried by hand). Deliveries are attempted in batches.
 */
export const deliveryRequested = "webhook/delivery.requested";

export type TDeliveryRequested = {
  deliveryId: string;
  endpointId: string;
  /** Number of the attempt: 1, or the next one for a retry by hand (a fresh schedule). */
  firstAttempt?: number;
  /** The trace of the change that enqueued it (when tracing is on): a batch holds many. */
  traceparent?: string;
};

/** The rest of a delivery's schedule after a failed first attempt: one run per delivery. */
export const deliveryRetryScheduled = "webhook/retry.scheduled";

export type TDeliveryRetryScheduled = {
  deliveryId: string;
  endpointId: string;
  /** Number of the next attempt, and its place in the retry schedule (1 for the first retry). */
  attempt: number;
  retry: number;
  /** How long to wait before that attempt. */
  waitMs: number;
  /** The first attempt's trace, which the retries continue. */
  traceparent?: string;
};
