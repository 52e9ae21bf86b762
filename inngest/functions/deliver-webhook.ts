import { inngest } from "@/inngest/client";
import { deliveryRequested, type TDeliveryRequested } from "@/lib/events/jobs";
import { maxDeliveryAttempts } from "@/lib/webhooks";
import { attemptDelivery } from "@/lib/webhooks/delivery/attempt-delivery";
import { endpointDeleted } from "@/lib/webhooks/endpoints/jobs";

/**
 * Delivers one event to one endpoint: every attempt is its own step, and the waits between them
 * are durable sleeps on contract.md's schedule (Inngest's own retries only cover crashes).
 */
export const deliverWebhook = inngest.createFunction(
  {
    id: "deliver-webhook",
    triggers: [{ event: deliveryRequested }],
    cancelOn: [{ event: endpointDeleted, match: "data.endpointId" }],
    retries: 5,
  },
  async ({ event, step }) => {
    const { deliveryId, firstAttempt = 1 } = event.data as TDeliveryRequested;
    for (let retry = 1; retry <= maxDeliveryAttempts; retry++) {
      const attempt = firstAttempt + retry - 1;
      const outcome = await step.run(`attempt-${attempt}`, () =>
        attemptDelivery({ deliveryId, attempt, retry }),
      );
      if (outcome.done) return outcome;
      // A sleep of 0 is not a duration; sub-second waits round up to 1 s anyway.
      await step.sleep(`wait-after-attempt-${attempt}`, Math.max(1, outcome.retryInMs));
    }
    throw new Error(`delivery ${deliveryId} ran past its last attempt`);
  },
);
