import { formatCheckpoint } from "./checkpoint";
import { parseWitnessVkey, type TWitnessKey, verifyCosignatureQuorum } from "./cosignature";
import type { TTreeHead } from "./schemas";
import { check, type TVerifyCheck } from "./verify-check";

/** Whom a verifier trusts to witness the log: witness vkeys, and how many must have cosigned. */
export type TWitnessPolicy = { keys: readonly string[]; quorum: number };

/** The policy's keys read, or why it cannot be applied (a bad vkey, an impossible quorum). */
export const parseWitnessPolicy = (
  policy: TWitnessPolicy,
): { ok: true; witnesses: TWitnessKey[] } | { ok: false; detail: string } => {
  const { keys, quorum } = policy;
  if (!Number.isSafeInteger(quorum) || quorum < 1 || quorum > keys.length) {
    return {
      ok: false,
      detail: `quorum ${quorum} is not between 1 and the ${keys.length} witness keys`,
    };
  }
  try {
    return { ok: true, witnesses: keys.map(parseWitnessVkey) };
  } catch (error) {
    return { ok: false, detail: (error as Error).message };
  }
};

/**
 * The `witness_cosignatures` check: the tree head carries cosignatures of its checkpoint from
 * at least `quorum` distinct witnesses of the policy, so the log showed this same tree to them
 * (no split view) and they saw it extend what they had seen before.
 */
export const checkWitnessCosignatures = async ({
  treeHead,
  policy,
}: {
  treeHead: TTreeHead;
  policy: TWitnessPolicy;
}): Promise<TVerifyCheck> => {
  const parsed = parseWitnessPolicy(policy);
  if (!parsed.ok) return check("witness_cosignatures", false, parsed.detail);
  const verdict = await verifyCosignatureQuorum({
    checkpoint: formatCheckpoint(treeHead),
    lines: treeHead.cosignatures ?? [],
    witnesses: parsed.witnesses,
    quorum: policy.quorum,
  });
  return check("witness_cosignatures", verdict.ok, verdict.detail);
};
