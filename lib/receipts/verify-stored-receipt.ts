import { eq, sql } from "drizzle-orm";
import { db, type Executor } from "@/db/client";
import { attestLogHeads, receipts } from "@/db/schema";
import {
  check,
  checkReceiptFacts,
  type TAttestStatus,
  type TVerifyCheck,
  verifyReceiptBundle,
} from "@/lib/attest";
import type { Tenant } from "@/lib/auth/tenant";
import { conflict } from "@/lib/http/api-error";
import { logIdOf, tryAdvisoryXactLockSql } from "./attest-log";
import { receiptNotFound, receiptOfTenant } from "./get-receipt";
import { loadAttestation, type TStoredAttestation } from "./load-attestation";
import { verificationJwks } from "./verification-jwks";

export type TStoredVerification = {
  attestation: TStoredAttestation;
  status: TAttestStatus;
  checks: TVerifyCheck[];
  evidence: { id: string; type: string; valid: boolean }[];
  verifiedAt: Date;
};

/** The advisory lock of a receipt's verification is named `receipt-verify:<receipt id>`. */
const verifyLockPrefix = "receipt-verify:";

const recomputing = new Set(["evidence_chain", "attest_hash"]);

const runChecks = async (executor: Executor, attestation: TStoredAttestation) => {
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
  const jwks = await verificationJwks(executor, bundle.attest.treeHead.keyId);
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
 * Re-verifies a stored receipt against the attest engine, one verification per receipt at a
 * time across every server process (a transaction-scoped advisory lock; a second caller gets
 * 409). A result that no longer matches marks the receipt `invalid`; a later one that matches
 * again restores `valid`: the status is always the latest verification's.
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
  return db.transaction(async (tx) => {
    // One statement reads the receipt and the log's head and takes the receipt's lock.
    const [found] = await tx
      .select({
        row: receipts,
        head: attestLogHeads,
        locked: tryAdvisoryXactLockSql(sql`${verifyLockPrefix} || ${receipts.id}`),
      })
      .from(receipts)
      .leftJoin(attestLogHeads, eq(attestLogHeads.logId, logIdOf(tenant.environment)))
      .where(receiptOfTenant(lookup));
    if (!found) throw receiptNotFound(lookup);
    const { row, head, locked } = found;
    if (!locked) {
      throw conflict(`A verification of receipt ${row.id} is already in progress; retry shortly.`);
    }
    const attestation = await loadAttestation(tx, row, head);
    const result = await runChecks(tx, attestation);
    const checks = recomputeHash
      ? result.checks
      : result.checks.filter((c) => !recomputing.has(c.name));
    const status = statusAfter({ attestation, checks, recomputeHash });
    const verifiedAt = new Date();
    if (status !== row.status) {
      await tx.update(receipts).set({ status, verifiedAt }).where(eq(receipts.id, row.id));
      attestation.row = { ...row, status, verifiedAt };
    }
    return { attestation, status, checks, evidence: result.evidence, verifiedAt };
  });
}
