import { inngest } from "@/inngest/client";
import { deliveryRequested, type TDeliveryRequested } from "@/lib/events/jobs";
import { attemptFirstDeliveries } from "@/lib/webhooks/delivery/attempt-first-deliveries";
import { scheduleRetries } from "@/lib/webhooks/delivery/schedule-retries";

/** A batch starts when it holds `maxSize` first attempts, or `timeout` after its first. */
export const firstAttemptBatch = { maxSize: 10, timeout: "1s" } as const;

/**
 * First attempts of deliveries, in batches: one run sends up to `maxSize` of them at once, then
 * hands each one that failed to its own `retry-webhook-delivery` run.
 */
export const deliverWebhooks = inngest.createFunction(
  {
    id: "deliver-webhooks",
    triggers: [{ event: deliveryRequested }],
    batchEvents: firstAttemptBatch,
    retries: 5,
  },
  async ({ events, step }) => {
    const requests = events.map((event) => event.data as TDeliveryRequested);
    const attempts = await step.run("attempt", () => attemptFirstDeliveries(requests));
    const retrying = attempts.some(({ outcome }) => !outcome.done);
    if (retrying) await step.run("schedule-retries", () => scheduleRetries(attempts));
    const delivered = attempts.filter(
      ({ outcome }) => outcome.done && outcome.status === "delivered",
    );
    return { attempted: attempts.length, delivered: delivered.length };
  },
);
