import type { TReceiptRow } from "@/db/schema";
import {
  check,
  checkAgreementOf,
  checkMandateSignature,
  checkReceiptFacts,
  createMemoryNodeStore,
  type TAttestStatus,
  type TJwks,
  type TKeyProof,
  type TTreeHead,
  type TVerifyCheck,
  verifyReceiptBundle,
} from "@/lib/attest";
import type { TKeyProofsInput } from "./agent-key-log";
import { assembleAttestation, type TStoredAttestation } from "./assemble-attestation";
import { verificationReadOf } from "./read-for-verification";

/** What the checks of a stored receipt found; the caller records the status when it changed. */
export type TStoredReceiptCheck = {
  receipt: Pick<TReceiptRow, "id" | "settlementId" | "attestHash" | "logIndex">;
  /** The signed tree head the inclusion proof was checked under; null while not sealed. */
  treeHead: TTreeHead | null;
  status: TAttestStatus;
  checks: TVerifyCheck[];
  evidence: { id: string; type: string; valid: boolean }[];
};

const recomputing = new Set(["evidence_chain", "attest_hash"]);

const runChecks = async (attestation: TStoredAttestation, jwks: TJwks) => {
  const { bundle } = attestation;
  if (!bundle) {
    const { receipt, evidence } = attestation;
    const facts = checkReceiptFacts({ receipt, evidence });
    const agreement = await checkAgreementOf({
      negotiationId: receipt.negotiationId,
      evidence,
      transcript: facts.transcript,
    });
    const mandateSignature = await checkMandateSignature(evidence);
    const detail = attestation.logProblem ?? "the receipt is not sealed in the log yet";
    return {
      checks: [
        ...facts.checks,
        ...(agreement ? [await agreement] : []),
        ...(mandateSignature ? [mandateSignature] : []),
        check("inclusion", false, detail),
      ],
      evidence: facts.evidence,
    };
  }
  // Exactly what an offline verifier runs on the exported bundle, so both always agree.
  const result = await verifyReceiptBundle({ bundle, jwks });
  const checks = result.checks.map((c) =>
    c.name === "inclusion" && attestation.logProblem
      ? check("inclusion", false, attestation.logProblem)
      : c,
  );
  return { checks, evidence: result.evidence };
};

const statusAfter = ({
  attestation,
  checks,
  recomputeHash,
}: {
  attestation: TStoredAttestation;
  checks: TVerifyCheck[];
  recomputeHash: boolean;
}): TAttestStatus => {
  const sealed = attestation.row.logIndex !== null;
  const failed = checks.filter((c) => !c.ok && (sealed || c.name !== "inclusion"));
  if (failed.length > 0) return "invalid";
  if (!sealed) return "pending";
  // Without recomputation a check can only lower the status, never vouch for the facts.
  return recomputeHash ? "valid" : attestation.row.status;
};

/**
 * Checks a stored receipt from its verification read (readForVerification's JSON text) against
 * the tree-head keys: the bundle the offline verifier would get, checked by the very same
 * function. No database but through `keyProofs`: this is the CPU-bound half of a verification.
 */
export async function checkStoredReceipt({
  json,
  jwks,
  recomputeHash,
  keyProofs: readKeyProofs,
}: {
  json: string;
  jwks: TJwks;
  recomputeHash: boolean;
  /** Reads the signing keys' entries under the tree head (signingKeyProofs). */
  keyProofs: (input: TKeyProofsInput) => Promise<readonly TKeyProof[]>;
}): Promise<TStoredReceiptCheck> {
  const { row, treeHead, evidence, nodes } = verificationReadOf({ json });
  const { store } = createMemoryNodeStore();
  await store.put(nodes);
  const keyProofs = await readKeyProofs({ row, evidence, treeHead });
  const attestation = await assembleAttestation({ row, evidence, treeHead, store, keyProofs });
  const result = await runChecks(attestation, jwks);
  const checks = recomputeHash
    ? result.checks
    : result.checks.filter((c) => !recomputing.has(c.name));
  return {
    receipt: {
      id: row.id,
      settlementId: row.settlementId,
      attestHash: row.attestHash,
      logIndex: row.logIndex,
    },
    treeHead: attestation.bundle?.attest.treeHead ?? null,
    status: statusAfter({ attestation, checks, recomputeHash }),
    checks,
    evidence: result.evidence,
  };
}
