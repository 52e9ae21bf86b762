import type { TSettlementRow } from "@/db/schema";
import { checkSettlementPolicy, type TPolicyResult } from "@/lib/policy/check-settlement-policy";
import { loadSettlement } from "./load-settlement";

export type TPreparedExecution =
  | { proceed: false; status: string }
  | { proceed: true; settlement: TSettlementRow; policy: TPolicyResult };

/**
 * The first step of an execution: act only on a settlement that is still `executing` (a retry or
 * a duplicate event finds it finished), then run the policy check before any money moves.
 */
export async function prepareExecution(settlementId: string): Promise<TPreparedExecution> {
  const settlement = await loadSettlement(settlementId);
  if (settlement?.status !== "executing") {
    return { proceed: false, status: settlement?.status ?? "missing" };
  }
  return { proceed: true, settlement, policy: await checkSettlementPolicy(settlement) };
}
