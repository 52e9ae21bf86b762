import { db } from "@/db/client";
import { deliveryRetryScheduled, type TDeliveryRetryScheduled } from "@/lib/events/jobs";
import { enqueueJobs } from "@/lib/jobs/enqueue-job";
import type { TFirstAttempt } from "./attempt-first-deliveries";

/**
 * Starts the rest of the schedule of every first attempt that failed and is to be tried again:
 * one job per delivery, whose id names the delivery and the attempt, so scheduling twice (a
 * crash before this step was recorded) starts one run.
 */
export async function scheduleRetries(attempts: TFirstAttempt[]): Promise<number> {
  const jobs = attempts.flatMap(({ deliveryId, endpointId, attempt, traceparent, outcome }) => {
    if (outcome.done) return [];
    const data: TDeliveryRetryScheduled = {
      deliveryId,
      endpointId,
      attempt: attempt + 1,
      retry: 2,
      waitMs: outcome.retryInMs,
      traceparent,
    };
    return [{ id: `retry-${deliveryId}-${attempt + 1}`, name: deliveryRetryScheduled, data }];
  });
  await enqueueJobs(db, jobs);
  return jobs.length;
}
