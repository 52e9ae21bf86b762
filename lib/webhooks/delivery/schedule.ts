import { config, type TConfig } from "@/config";

/** Factor applied to every retry delay (`WEBHOOK_RETRY_SCALE`, e.g. 0.001 in tests). */
export const retryScale = (settings: Pick<TConfig, "WEBHOOK_RETRY_SCALE"> = config()): number =>
  settings.WEBHOOK_RETRY_SCALE;

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

/** Waits before retry 1, 2, … 7 (contract.md); after the last failure the delivery is failed. */
export const retryDelaysMs = [
  5 * second,
  5 * minute,
  30 * minute,
  2 * hour,
  5 * hour,
  10 * hour,
  10 * hour,
] as const;

/** The first attempt plus one per retry. */
export const maxDeliveryAttempts = retryDelaysMs.length + 1;

/** A receiver's `Retry-After` may postpone a retry, but never beyond the schedule's longest wait. */
export const maxRetryAfterMs = Math.max(...retryDelaysMs);

/** An endpoint whose deliveries have all failed for this long is disabled. */
export const disableAfterFailingMs = 5 * day;

export type TNextRetry = { retry: true; delayMs: number } | { retry: false };

/**
 * When to try again after attempt number `attempt` (1 is the first) failed: the scheduled wait
 * or the receiver's `Retry-After`, whichever is later (the latter capped at 10 h), times `scale`.
 */
export function nextRetry({
  attempt,
  retryAfterMs,
  scale = retryScale(),
}: {
  attempt: number;
  retryAfterMs?: number;
  scale?: number;
}): TNextRetry {
  if (!Number.isInteger(attempt) || attempt < 1) {
    throw new RangeError(`attempt must be a positive integer, got ${attempt}`);
  }
  const scheduled = retryDelaysMs[attempt - 1];
  if (scheduled === undefined) return { retry: false };
  const requested = Math.min(Math.max(retryAfterMs ?? 0, 0), maxRetryAfterMs);
  return { retry: true, delayMs: Math.round(Math.max(scheduled, requested) * scale) };
}

/**
 * Whether an endpoint is to be disabled: it has been failing for 5 days (times `scale`) with no
 * success in between. `failingSince` is the time of the first failed attempt after the endpoint's
 * most recent successful one, or null when its latest attempt succeeded (or none was made).
 */
export function shouldDisableEndpoint({
  failingSince,
  now = new Date(),
  scale = retryScale(),
}: {
  failingSince: Date | null;
  now?: Date;
  scale?: number;
}): boolean {
  if (failingSince === null) return false;
  return now.getTime() - failingSince.getTime() >= disableAfterFailingMs * scale;
}
