import { canonicalJson } from "./canonical";
import { evaluatePolicy, knownPolicyVersions } from "./policy-engine";
import type { TSettledFacts } from "./schemas";
import { ZSettlementExecutedPayload } from "./settlement-evidence";

/**
 * The policy decision replayed offline: the policy version `settlement_executed` names, run on
 * the policy inputs it recorded (limits, allowed currencies, the payer's prior volume) and the
 * receipt's amount and parties, must allow the settlement and be the decision it recorded. A
 * version this verifier does not know cannot be replayed: the result says so, and passes.
 */
export const replayPolicyDecision = ({
  evidence,
  amount,
  parties,
}: TSettledFacts): { ok: boolean; detail?: string } => {
  const record = evidence.find((r) => r.type === "settlement_executed");
  if (!record) return { ok: false, detail: "the evidence has no settlement_executed record" };
  const parsed = ZSettlementExecutedPayload.safeParse(record.payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      detail: `evidence ${record.id} (settlement_executed) lacks replay input payload.${issue?.path.join(".")}: ${issue?.message}`,
    };
  }
  const { policyVersion, policyInputs, policyDecision } = parsed.data;
  const replayed = evaluatePolicy({ policyVersion, amount, parties, inputs: policyInputs });
  if (!replayed) {
    return {
      ok: true,
      detail: `not replayed: this verifier knows ${knownPolicyVersions.join(", ")}, not ${policyVersion}`,
    };
  }
  if (canonicalJson(replayed) !== canonicalJson(policyDecision)) {
    return {
      ok: false,
      detail: `evidence ${record.id} records the decision ${canonicalJson(policyDecision)}; ${policyVersion} on its inputs decides ${canonicalJson(replayed)}`,
    };
  }
  if (!replayed.allowed) {
    return {
      ok: false,
      detail: `${policyVersion} refused the settlement: ${replayed.violations.join(", ")}`,
    };
  }
  return { ok: true };
};
