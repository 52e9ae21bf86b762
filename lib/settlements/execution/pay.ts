import type { TPolicyResult } from "@/lib/policy/check-settlement-policy";
import { callRail, type TRailCallResult } from "./call-rail";
import { prepareExecution } from "./prepare-execution";

export type TPayment =
  | { status: "skipped"; reason: string }
  | { status: "refused"; policy: TPolicyResult }
  | { status: "called"; policy: TPolicyResult; outcome: TRailCallResult };

/**
 * Policy check, then the rail call, as one step: nothing moves money unless the check passed,
 * and repeating the step after a crash repeats only idempotent work (the rail is keyed by the
 * settlement id).
 */
export async function pay(settlementId: string): Promise<TPayment> {
  const prepared = await prepareExecution(settlementId);
  if (!prepared.proceed) return { status: "skipped", reason: prepared.status };
  const { settlement, policy } = prepared;
  if (policy.violation) return { status: "refused", policy };
  return { status: "called", policy, outcome: await callRail(settlement) };
}
