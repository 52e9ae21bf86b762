import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import {
  type AttestLogHeadRow,
  attestLogHeads,
  evidenceRecords,
  type ReceiptRow,
} from "@/db/schema";
import {
  inclusionProof,
  MerkleStoreError,
  type TEvidenceRecord,
  type TNodeStore,
  type TReceiptBundle,
  type TTreeHead,
  toReceiptBundle,
} from "@/lib/attest";
import { logIdOf } from "./attest-log";
import { pgNodeStore } from "./pg-node-store";
import { evidenceRecordOf, presentReceipt } from "./present-receipt";
import type { TReceiptFull } from "./schemas";

export type TStoredAttestation = {
  row: ReceiptRow;
  receipt: TReceiptFull;
  evidence: TEvidenceRecord[];
  /** The log's current signed tree head; null before the first seal. */
  treeHead: TTreeHead | null;
  /** The receipt as a self-contained bundle; null while it is not sealed. */
  bundle: TReceiptBundle | null;
  /** Why the inclusion proof could not be read from the log (a truncated or damaged log). */
  logProblem: string | null;
};

export const treeHeadOf = (head: AttestLogHeadRow): TTreeHead => ({
  origin: head.origin,
  treeSize: head.treeSize,
  rootHash: head.rootHash,
  signature: head.signature,
  keyId: head.keyId,
});

const readLogHead = async (executor: Executor, logId: string) => {
  const [head] = await executor
    .select()
    .from(attestLogHeads)
    .where(eq(attestLogHeads.logId, logId));
  return head ?? null;
};

/**
 * Everything the database holds about a receipt's attestation, as the attest engine reads it:
 * the evidence chain in stored order, and for a sealed receipt its inclusion proof under the
 * log's current signed tree head, assembled into the same bundle an offline verifier gets.
 */
export async function loadAttestation(
  executor: Executor,
  row: ReceiptRow,
): Promise<TStoredAttestation> {
  const logId = logIdOf(row.environment);
  // Sequential on purpose: pipelined queries break the embedded database's multiplexing.
  const evidenceRows = await executor
    .select()
    .from(evidenceRecords)
    .where(
      and(
        eq(evidenceRecords.settlementId, row.settlementId),
        eq(evidenceRecords.organizationId, row.organizationId),
        eq(evidenceRecords.environment, row.environment),
      ),
    )
    .orderBy(asc(evidenceRecords.position));
  const headRow = await readLogHead(executor, logId);
  return assembleAttestation({
    row,
    evidence: evidenceRows.map(evidenceRecordOf),
    treeHead: headRow ? treeHeadOf(headRow) : null,
    store: pgNodeStore(executor, logId),
  });
}

/** A receipt's attestation from its parts; `store` holds the log nodes its proof needs. */
export async function assembleAttestation({
  row,
  evidence,
  treeHead,
  store,
}: {
  row: ReceiptRow;
  evidence: TEvidenceRecord[];
  treeHead: TTreeHead | null;
  store: TNodeStore;
}): Promise<TStoredAttestation> {
  const receipt = presentReceipt(row);
  if (row.logIndex === null) {
    return { row, receipt, evidence, treeHead, bundle: null, logProblem: null };
  }
  if (!treeHead) {
    return {
      row,
      receipt,
      evidence,
      treeHead,
      bundle: null,
      logProblem: "the log has no tree head",
    };
  }
  let proof: Buffer[] = [];
  let logProblem: string | null = null;
  try {
    proof = await inclusionProof({ store, index: row.logIndex, size: treeHead.treeSize });
  } catch (error) {
    if (!(error instanceof MerkleStoreError || error instanceof RangeError)) throw error;
    logProblem = `the log cannot prove leaf ${row.logIndex}: ${error.message}`;
  }
  const bundle = toReceiptBundle({
    receipt: {
      ...receipt,
      attest: { ...receipt.attest, verifiedAt: receipt.attest.verifiedAt ?? "" },
    },
    evidence,
    leafIndex: row.logIndex,
    proof,
    treeHead,
  });
  return { row, receipt, evidence, treeHead, bundle, logProblem };
}
