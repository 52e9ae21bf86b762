import { isPolicyVersionId } from "./policy-version";
import type { TEvidenceRecord } from "./schemas";

/*
 * The policy check: `policySnapshot` is a well-formed policy version id (`pol-<name>@v<n>`), at
 * least one evidence record names the policy version it was checked against in
 * `payload.policyVersion` (the settlement code records it on `settlement_executed`), and every
 * record that names one names this same version. A receipt whose snapshot was swapped after the
 * fact therefore disagrees with the hash-chained evidence.
 */
export const checkPolicySnapshot = ({
  policySnapshot,
  evidence,
}: {
  policySnapshot: string;
  evidence: readonly Pick<TEvidenceRecord, "id" | "payload">[];
}): { ok: boolean; detail?: string } => {
  if (!isPolicyVersionId(policySnapshot)) {
    return {
      ok: false,
      detail: `policySnapshot ${JSON.stringify(policySnapshot)} is not a policy version id`,
    };
  }
  let named = 0;
  for (const record of evidence) {
    const recorded = record.payload.policyVersion;
    if (recorded === undefined) continue;
    named += 1;
    if (recorded !== policySnapshot) {
      return {
        ok: false,
        detail: `evidence ${record.id} records policy ${JSON.stringify(recorded)}, receipt names ${policySnapshot}`,
      };
    }
  }
  if (named === 0) return { ok: false, detail: "no evidence record names a policy version" };
  return { ok: true };
};
