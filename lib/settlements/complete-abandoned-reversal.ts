import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { settlements } from "@/db/schema";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { log } from "@/lib/observability/logger";
import { callWithTimeout } from "@/lib/rails/call-with-timeout";
import { railOf } from "@/lib/rails/rails";
import { railRequestOf } from "./execution/rail-request";
import { settlementReversalClaimed, type TReversalClaimed } from "./jobs";
import { recordReversal, releaseReversalClaim } from "./reversal-claim";

/**
 * Finishes a reversal whose claim went stale with nobody recording it: asks the rail again (its
 * reversal is idempotent by settlement id, so money moves back at most once) and records the
 * outcome. Nothing to do when the claim was recorded, released or taken over meanwhile.
 */
export async function completeAbandonedReversal({
  settlementId,
  claimedAt,
  reason,
}: TReversalClaimed): Promise<"recorded" | "released" | "settled elsewhere"> {
  const claim = new Date(claimedAt);
  const [row] = await db.select().from(settlements).where(eq(settlements.id, settlementId));
  if (row?.status !== "executed" || row.reversalStartedAt?.getTime() !== claim.getTime())
    return "settled elsewhere";
  const outcome = await callWithTimeout(() => railOf(row.adapter).reverse(railRequestOf(row)));
  if (outcome.status === "timeout") throw new Error(`the ${row.adapter} rail did not answer`);
  if (outcome.status === "declined") {
    await releaseReversalClaim(db, settlementId, claim);
    return "released";
  }
  const recorded = await db.transaction((tx) =>
    recordReversal(tx, { settlementId, claimedAt: claim, reason }),
  );
  return recorded ? "recorded" : "settled elsewhere";
}

/**
 * Starts the completion of a claimed reversal again once its job ran out of retries (the rail
 * kept not answering or the record kept failing): the money may have moved back, so the claim
 * stays, and disputes wait, until the rail's answer is recorded.
 */
export async function askAgainAboutReversal(claim: TReversalClaimed, error: string) {
  log.error(
    { settlementId: claim.settlementId, claimedAt: claim.claimedAt, error },
    "a claimed reversal could not be completed; asking the rail again",
  );
  await enqueueJob(db, { name: settlementReversalClaimed, data: claim });
}
