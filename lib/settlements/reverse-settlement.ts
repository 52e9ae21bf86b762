import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { settlements, type TSettlementRow } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { ApiError, conflict } from "@/lib/http/api-error";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { callWithTimeout } from "@/lib/rails/call-with-timeout";
import { railOf } from "@/lib/rails/rails";
import { railRequestOf } from "./execution/rail-request";
import { getSettlementOrThrow, requirePayerOrganization } from "./get-settlement";
import { settlementReversalClaimed, type TReversalClaimed } from "./jobs";
import { presentSettlement } from "./present-settlement";
import { recordReversal, refuseWhileReversing, releaseReversalClaim } from "./reversal-claim";

/**
 * Moves an executed settlement's money back on its rail and marks it `reversed`, in three
 * steps: claim the settlement (a short transaction), call the rail with no lock held, then
 * record the outcome only if the claim is still ours. A refusal releases the claim; a rail that
 * does not answer in time keeps it until it goes stale, so that nothing else can change the
 * settlement while the reversal may still happen. The claim's transaction also enqueues the
 * `complete-reversal` job, so money the rail moved back is recorded even when this request
 * stops between the rail call and the record. A request that repeats a recorded reversal (the
 * same reason, or none again) answers it as recorded, so a retry after a 502 or a crash gets the
 * reversal's outcome even when the job recorded it first.
 */
export async function reverseSettlement({
  tenant,
  settlementId,
  reason,
}: {
  tenant: TTenant;
  settlementId: string;
  reason?: string;
}) {
  const claim = await claimReversal(tenant, settlementId, reason);
  if ("recorded" in claim) return presentSettlement(claim.recorded);
  const { row, claimedAt } = claim;
  const outcome = await callWithTimeout(() => railOf(row.adapter).reverse(railRequestOf(row)));
  if (outcome.status === "timeout") {
    throw new ApiError({
      code: "bad_gateway",
      message: `The ${row.adapter} rail did not answer in time; the reversal may still complete. Repeat the request after two rail timeouts to complete it.`,
    });
  }
  if (outcome.status === "declined") {
    await releaseReversalClaim(db, settlementId, claimedAt);
    throw conflict(`The ${row.adapter} rail refused the reversal: ${outcome.message}`);
  }
  return db.transaction(async (tx) => {
    const reversed = await recordReversal(tx, { settlementId, claimedAt, reason });
    if (reversed) return presentSettlement(reversed);
    // Our claim went stale and another reversal took over: answer with what it recorded.
    const latest = await getSettlementOrThrow({ tenant, settlementId }, tx);
    if (latest.status === "reversed") return presentSettlement(latest);
    throw conflict(`The settlement is ${latest.status}; the reversal was not recorded.`);
  });
}

async function claimReversal(
  tenant: TTenant,
  settlementId: string,
  reason: string | undefined,
): Promise<{ row: TSettlementRow; claimedAt: Date } | { recorded: TSettlementRow }> {
  return db.transaction(async (tx) => {
    const row = await getSettlementOrThrow({ tenant, settlementId, forUpdate: true }, tx);
    requirePayerOrganization(row, tenant, "reverse");
    if (row.status === "reversed" && row.reason === (reason ?? null)) return { recorded: row };
    if (row.status !== "executed")
      throw conflict(
        `The settlement is ${row.status}; only an executed settlement can be reversed.`,
      );
    refuseWhileReversing(row, {
      message: "A reversal of this settlement is in progress; retry shortly.",
    });
    const claimedAt = new Date();
    await tx
      .update(settlements)
      .set({ reversalStartedAt: claimedAt })
      .where(eq(settlements.id, settlementId));
    const data: TReversalClaimed = { settlementId, claimedAt: claimedAt.toISOString(), reason };
    await enqueueJob(tx, { name: settlementReversalClaimed, data });
    return { row, claimedAt };
  });
}
