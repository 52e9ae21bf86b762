import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "@/db/client";
import {
  attestLogHeads,
  evidenceRecords,
  receipts,
  type TAttestLogHeadRow,
  type TReceiptRow,
} from "@/db/schema";
import {
  appendLeaves,
  checkReceiptFacts,
  consistencyProof,
  fromHashHex,
  receiptLogEntry,
  replaySettlement,
  signTreeHead,
  type TNodeStore,
  textLogEntry,
  toHashHex,
  treeRoot,
  verifyConsistency,
} from "@/lib/attest";
import type { TEnvironment } from "@/lib/environment";
import { activeTreeHeadKey } from "./active-tree-head-key";
import { markKeyEntriesLogged, unloggedKeyEntries } from "./agent-key-log";
import { advisoryXactLock, logIdOf, logOriginOf } from "./attest-log";
import { passHeadToKey } from "./pass-head-to-key";
import { pgNodeStore } from "./pg-node-store";
import { evidenceRecordOf, presentReceipt } from "./present-receipt";

export type TSealResult = {
  sealed: number;
  invalid: number;
  /** Agent key entries (additions and revocations) logged. */
  keyEntries: number;
  treeSize: number;
};

/** The stored log no longer matches its signed head: sealing stops rather than sign a fork. */
export class LogForkError extends Error {
  constructor(message: string) {
    super(`refusing to sign a tree head: ${message}`);
    this.name = "LogForkError";
  }
}

/** The nodes of the signed tree still hash to its signed root. */
async function assertStoredRootIsSigned(store: TNodeStore, head: TAttestLogHeadRow) {
  const stored = toHashHex(await treeRoot({ store, size: head.treeSize }));
  if (stored !== head.rootHash) {
    throw new LogForkError(
      `the stored nodes of size ${head.treeSize} hash to ${stored}, not the signed ${head.rootHash}`,
    );
  }
}

/** RFC 9162: the new tree is an append-only extension of the last signed one. */
async function assertExtends({
  store,
  head,
  size,
  root,
}: {
  store: TNodeStore;
  head: TAttestLogHeadRow;
  size: number;
  root: Uint8Array;
}) {
  const proof = await consistencyProof({ store, oldSize: head.treeSize, newSize: size });
  const consistent = verifyConsistency({
    oldSize: head.treeSize,
    newSize: size,
    oldRoot: fromHashHex(head.rootHash),
    newRoot: root,
    proof,
  });
  if (!consistent) {
    throw new LogForkError(`size ${size} does not extend the signed size ${head.treeSize}`);
  }
}

/** Checks a pending receipt before it enters the log, and replays it for `deterministic`. */
const attest = (row: TReceiptRow, evidence: ReturnType<typeof evidenceRecordOf>[]) => {
  const receipt = presentReceipt(row);
  const facts = checkReceiptFacts({ receipt, evidence });
  const replay = replaySettlement({
    receipt: {
      ...receipt,
      formatVersion: receipt.attest.formatVersion,
      policySnapshot: row.policySnapshot,
    },
    evidence,
  });
  return { ok: facts.checks.every((c) => c.ok), deterministic: replay.deterministic };
};

/**
 * Seals up to `limit` pending receipts of one environment into its Merkle log, in one
 * transaction under the log's advisory lock, so leaf indices are assigned without gaps and in
 * commit order: the agent key entries not logged yet are appended first (a key signs only after
 * it was added, so its entry precedes every receipt it signed in), then each receipt is
 * re-checked, its attestHash appended as a leaf, the new tree head signed, and the receipt
 * marked `valid` with its `logIndex` (or `invalid` if its stored facts no longer hash to what
 * was recorded, in which case it is not logged).
 */
export async function sealPendingReceipts({
  environment,
  limit = 500,
}: {
  environment: TEnvironment;
  limit?: number;
}): Promise<TSealResult> {
  const logId = logIdOf(environment);
  return db.transaction(async (tx) => {
    await advisoryXactLock(tx, `attest-log:${logId}`);
    const [head] = await tx.select().from(attestLogHeads).where(eq(attestLogHeads.logId, logId));
    const size = head?.treeSize ?? 0;
    const keyEntries = await unloggedKeyEntries(tx, environment);
    const pending = await tx
      .select()
      .from(receipts)
      .where(and(eq(receipts.environment, environment), eq(receipts.status, "pending")))
      .orderBy(asc(receipts.createdAt), asc(receipts.id))
      .limit(limit)
      .for("update");
    if (pending.length === 0 && keyEntries.length === 0)
      return { sealed: 0, invalid: 0, keyEntries: 0, treeSize: size };

    const evidenceRows =
      pending.length === 0
        ? []
        : await tx
            .select()
            .from(evidenceRecords)
            .where(
              inArray(
                evidenceRecords.settlementId,
                pending.map((row) => row.settlementId),
              ),
            )
            .orderBy(asc(evidenceRecords.settlementId), asc(evidenceRecords.position));
    const bySettlement = new Map<string, typeof evidenceRows>();
    for (const record of evidenceRows) {
      const chain = bySettlement.get(record.settlementId) ?? [];
      chain.push(record);
      bySettlement.set(record.settlementId, chain);
    }
    const verdicts = pending.map((row) => ({
      row,
      ...attest(
        row,
        (bySettlement.get(row.settlementId) ?? [])
          .filter((record) => record.organizationId === row.organizationId)
          .map(evidenceRecordOf),
      ),
    }));
    const accepted = verdicts.filter((verdict) => verdict.ok);
    const now = new Date();

    let treeSize = size;
    const entries = [
      ...keyEntries.map((entry) => textLogEntry(entry.text)),
      ...accepted.map(({ row }) => receiptLogEntry(row.attestHash)),
    ];
    if (entries.length > 0) {
      const store = pgNodeStore(tx, logId);
      if (head) await assertStoredRootIsSigned(store, head);
      const appended = await appendLeaves({ store, size, entries });
      await store.put(appended.nodes);
      treeSize = appended.size;
      const root = await treeRoot({ store, size: treeSize });
      if (head) await assertExtends({ store, head, size: treeSize, root });
      const key = await activeTreeHeadKey(tx);
      // A key replaced since the last seal (a configured key changed) hands over first.
      if (head) await passHeadToKey(tx, head, key);
      const treeHead = signTreeHead({
        origin: head?.origin ?? (await logOriginOf(tx, environment)),
        treeSize,
        rootHash: toHashHex(root),
        keyId: key.kid,
        privateKey: key.privateKey,
      });
      const headRow = { ...treeHead, logId, environment, signedAt: now };
      await tx
        .insert(attestLogHeads)
        .values(headRow)
        .onConflictDoUpdate({ target: attestLogHeads.logId, set: headRow });
    }

    await markKeyEntriesLogged(tx, keyEntries, size);
    const firstReceiptLeaf = size + keyEntries.length;
    const leafIndexOf = new Map(
      accepted.map((verdict, i) => [verdict.row.id, firstReceiptLeaf + i]),
    );
    const result = {
      sealed: accepted.length,
      invalid: verdicts.length - accepted.length,
      keyEntries: keyEntries.length,
      treeSize,
    };
    if (verdicts.length === 0) return result;
    const updates = verdicts.map(
      ({ row, ok, deterministic }) =>
        sql`(${row.id}, ${leafIndexOf.get(row.id) ?? null}::bigint, ${ok ? "valid" : "invalid"}, ${deterministic}::boolean)`,
    );
    await tx.execute(sql`
      update ${receipts} set
        log_index = v.log_index, status = v.status, deterministic = v.deterministic,
        verified_at = ${now.toISOString()}::timestamptz
      from (values ${sql.join(updates, sql`, `)}) as v(id, log_index, status, deterministic)
      where ${receipts.id} = v.id`);
    return result;
  });
}

/**
 * Seals batch after batch of the environment's pending receipts and key entries until none is
 * left, or `maxBatches` ran (a bound for a job under a steady stream: what arrives meanwhile
 * has runs of its own). Totals, and the tree size after the last batch.
 */
export async function sealEnvironment({
  environment,
  maxBatches = Number.POSITIVE_INFINITY,
}: {
  environment: TEnvironment;
  maxBatches?: number;
}): Promise<TSealResult> {
  const total = { sealed: 0, invalid: 0, keyEntries: 0, treeSize: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const result = await sealPendingReceipts({ environment });
    total.sealed += result.sealed;
    total.invalid += result.invalid;
    total.keyEntries += result.keyEntries;
    total.treeSize = result.treeSize;
    if (result.sealed + result.invalid + result.keyEntries === 0) break;
  }
  return total;
}
