import { checkSettlementPolicy } from "@/lib/policy/check-settlement-policy";
import { railOf } from "@/lib/rails/rails";
import { completeSettlement } from "./complete-settlement";
import { failSettlement } from "./fail-settlement";
import { loadSettlement } from "./load-settlement";
import { railRequestOf } from "./rail-request";

/**
 * The last word on an execution that ran out of retries: the rail decides. A payment it holds
 * completes the settlement; otherwise the rail voids it and the settlement fails, so nothing stays
 * `executing` and no call of an earlier attempt still on its way can pay a failed settlement.
 */
export async function resolveAbandonedExecution(settlementId: string, reason: string) {
  const settlement = await loadSettlement(settlementId);
  if (settlement?.status !== "executing") return { status: settlement?.status ?? "missing" };
  const policy = await checkSettlementPolicy(settlement);
  const lookup = await railOf(settlement.adapter).lookupOrVoid(railRequestOf(settlement));
  if (lookup.status === "succeeded") {
    return completeSettlement({ settlementId, externalRef: lookup.externalRef, policy });
  }
  return failSettlement({
    settlementId,
    code: lookup.status === "declined" ? lookup.code : "execution_failed",
    message: lookup.status === "declined" ? lookup.message : `Execution gave up: ${reason}`,
    policyVersion: policy.policyVersion,
  });
}
