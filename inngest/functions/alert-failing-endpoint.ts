import { inngest } from "@/inngest/client";
import { mailFailingEndpoint } from "@/lib/webhooks/endpoints/failure-alert";
import { endpointFailing } from "@/lib/webhooks/endpoints/jobs";

/** Mails an organization that one of its webhook endpoints keeps failing (failure-alert.ts). */
export const alertFailingEndpoint = inngest.createFunction(
  { id: "alert-failing-endpoint", triggers: [{ event: endpointFailing }], retries: 5 },
  async ({ event, step }) =>
    step.run("mail", () =>
      mailFailingEndpoint(event.data as { endpointId: string; failingSince: string }),
    ),
);
