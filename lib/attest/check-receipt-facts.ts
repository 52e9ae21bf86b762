import { verifyEvidenceChain } from "./evidence-chain";
import { checkMandateEvidence } from "./mandate-evidence";
import { receiptTranscript } from "./negotiation-transcript";
import { checkPolicySnapshot } from "./policy-check";
import { replayPolicyDecision } from "./policy-replay";
import { hashReceipt } from "./receipt-hash";
import type { TEvidenceRecord, TReceipt } from "./schemas";
import { checkTerms } from "./terms-check";
import { check, type TVerifyCheck } from "./verify-check";

/**
 * The checks that need nothing but the receipt and its evidence: the evidence hash chain, the
 * attest hash recomputed over the receipt body, the terms (the receipt's amount and parties are
 * those the accepted terms in its evidence give), and the policy (its snapshot, the payer's
 * mandate re-checked on the recorded facts when the evidence holds one, and the recorded policy
 * decision replayed on the recorded inputs). The log checks (inclusion, tree-head signature)
 * come on top for a sealed receipt.
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

  const formatVersion = attest.formatVersion ?? 1;
  const head = evidence.at(-1);
  const { attestHash } = hashReceipt({
    ...receipt,
    formatVersion,
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

  const { amount, parties } = receipt;
  const transcript = receiptTranscript({ formatVersion, evidence });
  checks.push(checkTerms({ amount, parties, evidence, transcript }));

  const snapshot = checkPolicySnapshot({ policySnapshot: attest.proof.policySnapshot, evidence });
  const mandate = snapshot.ok ? checkMandateEvidence({ evidence, amount, parties }) : snapshot;
  const policy = mandate.ok ? replayPolicyDecision({ evidence, amount, parties }) : mandate;
  checks.push(check("policy", policy.ok, policy.detail));
  // The transcript, read once here, serves the agreement and signing-key checks too.
  return { checks, attestHash, evidence: chain.records, transcript };
};
