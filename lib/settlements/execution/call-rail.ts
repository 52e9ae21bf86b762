import type { TSettlementRow } from "@/db/schema";
import { callWithTimeout } from "@/lib/rails/call-with-timeout";
import { railOf } from "@/lib/rails/rails";
import type { TRailLookup, TRailOutcome } from "@/lib/rails/types";
import { loadSettlement } from "./load-settlement";
import { railRequestOf } from "./rail-request";

export type TRailCallResult = TRailOutcome | { status: "timeout" } | { status: "skipped" };

/**
 * Asks the settlement's rail to move the money, with the settlement id as idempotency key: a
 * repeat after a crash returns the first payment. No answer in time is `timeout`, for
 * lookupOrVoidPayment to resolve. `settlement` was read as `executing` in the same step.
 */
export async function callRail(settlement: TSettlementRow): Promise<TRailCallResult> {
  const rail = railOf(settlement.adapter);
  return callWithTimeout(() => rail.execute(railRequestOf(settlement)));
}

/**
 * The settlement's payment as the rail holds it, when its answer never came: made, declined, or
 * voided, so that the call still on its way can no longer make it.
 */
export async function lookupOrVoidPayment(
  settlementId: string,
): Promise<TRailLookup | { status: "skipped" }> {
  const settlement = await loadSettlement(settlementId);
  if (settlement?.status !== "executing") return { status: "skipped" };
  return railOf(settlement.adapter).lookupOrVoid(railRequestOf(settlement));
}
