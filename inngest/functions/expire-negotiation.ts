import { inngest } from "@/inngest/client";
import { expireNegotiation } from "@/lib/negotiations/expire-negotiation";
import { negotiationExpiryRequested } from "@/lib/negotiations/jobs";

/**
 * Expires a negotiation at its `expiresAt`. Reads already treat it as expired from that moment;
 * this persists the status and emits `negotiation.expired` (once, whoever persists it first).
 */
export const expireNegotiationFunction = inngest.createFunction(
  {
    id: "expire-negotiation",
    triggers: [{ event: negotiationExpiryRequested }],
    retries: 5,
  },
  async ({ event, step }) => {
    const { negotiationId, expiresAt } = event.data as { negotiationId: string; expiresAt: string };
    await step.sleepUntil("until-expiry", expiresAt);
    return step.run("expire", () => expireNegotiation(negotiationId));
  },
);
