import { verifyEvidenceChain } from "./evidence-chain";
import { checkMandateEvidence } from "./mandate-evidence";
import { checkPolicySnapshot } from "./policy-check";
import { hashReceipt } from "./receipt-hash";
import type { TEvidenceRecord, TReceipt } from "./schemas";

export type TVerifyCheckName =
  | "schema"
  | "evidence_chain"
  | "attest_hash"
  | "policy"
  | "agreement"
  | "inclusion"
  | "tree_head_signature";

export type TVerifyCheck = { name: TVerifyCheckName; ok: boolean; detail?: string };

export const check = (name: TVerifyCheckName, ok: boolean, detail?: string): TVerifyCheck =>
  detail === undefined ? { name, ok } : { name, ok, detail };

/**
 * The checks that need nothing but the receipt and its evidence: the evidence hash chain, the
 * attest hash recomputed over the receipt body, and the policy (its snapshot, and the payer's
 * mandate re-checked on the recorded facts when the evidence holds one). The log checks
 * (inclusion, tree-head signature) come on top for a sealed receipt.
 */
export const checkReceiptFacts = ({
  receipt,
  evidence,
}: {
  receipt: Omit<TReceipt, "attest"> & {
    attest: Pick<TReceipt["attest"], "hash" | "proof" | "formatVersion">;
  };
  evidence: readonly TEvidenceRecord[];
}) => {
  const { attest } = receipt;
  const checks: TVerifyCheck[] = [];
  const chain = verifyEvidenceChain({ records: evidence, expectedIds: attest.proof.evidenceChain });
  checks.push(
    chain.ok ? check("evidence_chain", true) : check("evidence_chain", false, chain.failure.detail),
  );

  const head = evidence.at(-1);
  const { attestHash } = hashReceipt({
    ...receipt,
    formatVersion: attest.formatVersion ?? 1,
    policySnapshot: attest.proof.policySnapshot,
    evidenceChainHead: head ? head.hash : "",
    evidenceChain: attest.proof.evidenceChain,
  });
  if (attestHash !== attest.hash) {
    checks.push(
      check("attest_hash", false, `receipt hashes to ${attestHash}, attest.hash is ${attest.hash}`),
    );
  } else if (receipt.attestHash !== attest.hash) {
    checks.push(check("attest_hash", false, "attestHash and attest.hash differ"));
  } else {
    checks.push(check("attest_hash", true));
  }

  const snapshot = checkPolicySnapshot({ policySnapshot: attest.proof.policySnapshot, evidence });
  const policy = snapshot.ok
    ? checkMandateEvidence({ evidence, amount: receipt.amount, parties: receipt.parties })
    : snapshot;
  checks.push(check("policy", policy.ok, policy.detail));
  return { checks, attestHash, evidence: chain.records };
};
