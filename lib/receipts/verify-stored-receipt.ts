import { db, sessionSql } from "@/db/client";
import type { TTenant } from "@/lib/auth/tenant";
import { busy } from "@/lib/http/api-error";
import { signingKeyProofs } from "./agent-key-log";
import { checkStoredReceipt, type TStoredReceiptCheck } from "./check-stored-receipt";
import { receiptNotFound } from "./get-receipt";
import { readForVerification, releaseVerificationLock } from "./read-for-verification";
import { treeHeadPublicJwks } from "./tree-head-public-jwks";
import { verificationJwks } from "./verification-jwks";

export type TStoredVerification = TStoredReceiptCheck & {
  verifiedAt: Date;
  /** No verification was requested through the API before this one. */
  neverRequested: boolean;
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
  busy(`A verification of receipt ${receiptId} is already in progress; retry shortly.`);

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
  tenant: TTenant;
  receiptId?: string;
  settlementId?: string;
  recomputeHash?: boolean;
}): Promise<TStoredVerification> {
  const lookup = { tenant, receiptId, settlementId };
  const sql = sessionSql();
  const [read] = await readForVerification(sql, lookup);
  if (!read) throw receiptNotFound(lookup);
  if (!read.locked) throw inProgress(read.id);
  if (verifying.has(read.id)) {
    await releaseVerificationLock(sql, read.id);
    throw inProgress(read.id);
  }
  verifying.add(read.id);
  try {
    const jwks =
      read.keyId === null || read.origin === null || read.treeSize === null
        ? { keys: [] }
        : await verificationJwks(
            { keyId: read.keyId, origin: read.origin, treeSize: read.treeSize },
            () => treeHeadPublicJwks(sql),
          );
    const result = await checkStoredReceipt({
      json: read.json,
      jwks,
      recomputeHash,
      keyProofs: (input) => signingKeyProofs(db, input),
    });
    const verifiedAt = new Date();
    if (result.status !== read.status) {
      await sql`update receipts set status = ${result.status},
        verified_at = ${verifiedAt.toISOString()}::timestamptz where id = ${read.id}`;
    }
    return { ...result, verifiedAt, neverRequested: read.neverRequested };
  } finally {
    verifying.delete(read.id);
    await releaseVerificationLock(sql, read.id);
  }
}
