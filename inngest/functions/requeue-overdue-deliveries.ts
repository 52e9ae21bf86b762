import { config } from "@/config";
import { inngest } from "@/inngest/client";
import { requeueOverdueDeliveries } from "@/lib/webhooks/delivery/requeue-overdue-deliveries";

/**
 * Sends again the deliveries that no run is taking care of any more, on the WEBHOOK_REQUEUE_CRON
 * schedule. Every deployment process may run it: each tick starts one run, and the rows it takes
 * are locked, so two runs never requeue the same delivery.
 */
export const requeueOverdueDeliveriesFunction = inngest.createFunction(
  {
    id: "requeue-overdue-deliveries",
    triggers: [{ cron: config().WEBHOOK_REQUEUE_CRON }],
    retries: 3,
  },
  async ({ step }) => ({
    requeued: await step.run("requeue", () => requeueOverdueDeliveries()),
  }),
);
