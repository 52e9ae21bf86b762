import { inngest } from "@/inngest/client";
import { deliveryRetryScheduled, type TDeliveryRetryScheduled } from "@/lib/events/jobs";
import { maxDeliveryAttempts } from "@/lib/webhooks";
import { attemptDelivery } from "@/lib/webhooks/delivery/attempt-delivery";
import { endpointDeleted } from "@/lib/webhooks/endpoints/jobs";

// A sleep of 0 is not a duration; sub-second waits round up to 1 s anyway.
const duration = (ms: number) => Math.max(1, ms);

/**
 * The retries of one delivery whose first attempt failed: every attempt is its own step, and
 * the waits before them are durable sleeps on contract.md's schedule (Inngest's own retries
 * only cover crashes). Deleting the endpoint cancels it.
 */
export const retryWebhookDelivery = inngest.createFunction(
  {
    id: "retry-webhook-delivery",
    triggers: [{ event: deliveryRetryScheduled }],
    cancelOn: [{ event: endpointDeleted, match: "data.endpointId" }],
    retries: 5,
  },
  async ({ event, step }) => {
    const {
      deliveryId,
      attempt: first,
      retry: firstRetry,
      waitMs,
    } = event.data as TDeliveryRetryScheduled;
    await step.sleep(`wait-before-attempt-${first}`, duration(waitMs));
    for (let retry = firstRetry; retry <= maxDeliveryAttempts; retry++) {
      const attempt = first + retry - firstRetry;
      const outcome = await step.run(`attempt-${attempt}`, () =>
        attemptDelivery({ deliveryId, attempt, retry }),
      );
      if (outcome.done) return outcome;
      await step.sleep(`wait-after-attempt-${attempt}`, duration(outcome.retryInMs));
    }
    throw new Error(`delivery ${deliveryId} ran past its last attempt`);
  },
);
