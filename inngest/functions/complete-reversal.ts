import { inngest } from "@/inngest/client";
import {
  askAgainAboutReversal,
  completeAbandonedReversal,
} from "@/lib/settlements/complete-abandoned-reversal";
import { settlementReversalClaimed, type TReversalClaimed } from "@/lib/settlements/jobs";
import { claimStaleAt } from "@/lib/settlements/reversal-claim";

/**
 * Every reversal claim starts this run; once the claim may be taken over it completes the
 * reversal if the request that claimed it did not (a crash, or a failed write after the rail
 * moved the money back), so the money and the settlement's state never stay apart. When its
 * retries run out, it starts again.
 */
export const completeReversal = inngest.createFunction(
  {
    id: "complete-reversal",
    triggers: [{ event: settlementReversalClaimed }],
    retries: 5,
    onFailure: async ({ event, error, step }) => {
      const claim = event.data.event.data as TReversalClaimed;
      await step.run("ask-again", () => askAgainAboutReversal(claim, error.message));
    },
  },
  async ({ event, step }) => {
    const data = event.data as TReversalClaimed;
    await step.sleepUntil("until-claim-stale", claimStaleAt(new Date(data.claimedAt)));
    return step.run("complete", () => completeAbandonedReversal(data));
  },
);
