import { sessionSql } from "@/db/client";
import {
  check,
  checkReceiptFacts,
  createMemoryNodeStore,
  type TAttestStatus,
  type TJwk,
  type TVerifyCheck,
  verifyReceiptBundle,
} from "@/lib/attest";
import type { Tenant } from "@/lib/auth/tenant";
import { conflict } from "@/lib/http/api-error";
import { receiptNotFound } from "./get-receipt";
import { assembleAttestation, type TStoredAttestation } from "./load-attestation";
import {
  readForVerification,
  releaseVerificationLock,
  verificationReadOf,
} from "./read-for-verification";
import { treeHeadPublicJwks } from "./tree-head-public-jwks";
import { verificationJwks } from "./verification-jwks";

export type TStoredVerification = {
  attestation: TStoredAttestation;
  status: TAttestStatus;
  checks: TVerifyCheck[];
  evidence: { id: string; type: string; valid: boolean }[];
  verifiedAt: Date;
};

const recomputing = new Set(["evidence_chain", "attest_hash"]);

const runChecks = async (attestation: TStoredAttestation, loadJwks: () => Promise<TJwk[]>) => {
  const { bundle } = attestation;
  if (!bundle) {
    const facts = checkReceiptFacts({
      receipt: attestation.receipt,
      evidence: attestation.evidence,
    });
    const detail = attestation.logProblem ?? "the receipt is not sealed in the log yet";
    return {
      checks: [...facts.checks, check("inclusion", false, detail)],
      evidence: facts.evidence,
    };
  }
  // Exactly what an offline verifier runs on the exported bundle, so both always agree.
  const jwks = await verificationJwks(bundle.attest.treeHead.keyId, loadJwks);
  const result = verifyReceiptBundle({ bundle, jwks });
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
 * Receipts this process is verifying. The lock below is a session's, and a session may take it
 * again: this set turns a second verification from the same process away as well. One set per
 * process, shared by every bundle Next.js builds (two routes verify), as the session is.
 */
const holder = globalThis as unknown as { __assVerifyingReceipts?: Set<string> };
holder.__assVerifyingReceipts ??= new Set();
const verifying = holder.__assVerifyingReceipts;

const inProgress = (receiptId: string) =>
  conflict(`A verification of receipt ${receiptId} is already in progress; retry shortly.`);

/**
 * Re-verifies a stored receipt against the attest engine, one verification per receipt at a
 * time across every server process: the read takes the session-scoped advisory lock
 * `receipt-verify:<receipt id>` on the process's session connection (sessionSql), and a second
 * caller gets 409. A result that no longer matches marks the receipt `invalid`; a later one that
 * matches again restores `valid`: the status is always the latest verification's. Two statements,
 * both pipelined with other requests' on that connection: the read (with the lock), then the
 * release (after an UPDATE when the status changed). A process that dies mid-verification
 * loses its session, and the lock with it.
 */
export async function verifyStoredReceipt({
  tenant,
  receiptId,
  settlementId,
  recomputeHash = true,
}: {
  tenant: Tenant;
  receiptId?: string;
  settlementId?: string;
  recomputeHash?: boolean;
}): Promise<TStoredVerification> {
  const lookup = { tenant, receiptId, settlementId };
  const sql = sessionSql();
  const [raw] = await readForVerification(sql, lookup);
  if (!raw) throw receiptNotFound(lookup);
  const { locked, row, treeHead, evidence, nodes } = verificationReadOf(raw);
  if (!locked) throw inProgress(row.id);
  if (verifying.has(row.id)) {
    await releaseVerificationLock(sql, row.id);
    throw inProgress(row.id);
  }
  verifying.add(row.id);
  try {
    const { store } = createMemoryNodeStore();
    await store.put(nodes);
    const attestation = await assembleAttestation({ row, evidence, treeHead, store });
    const result = await runChecks(attestation, () => treeHeadPublicJwks(sql));
    const checks = recomputeHash
      ? result.checks
      : result.checks.filter((c) => !recomputing.has(c.name));
    const status = statusAfter({ attestation, checks, recomputeHash });
    const verifiedAt = new Date();
    if (status !== row.status) {
      await sql`update receipts set status = ${status},
        verified_at = ${verifiedAt.toISOString()}::timestamptz where id = ${row.id}`;
      attestation.row = { ...row, status, verifiedAt };
    }
    return { attestation, status, checks, evidence: result.evidence, verifiedAt };
  } finally {
    verifying.delete(row.id);
    await releaseVerificationLock(sql, row.id);
  }
}
