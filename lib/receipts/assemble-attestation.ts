import type { TReceiptRow } from "@/db/schema";
import {
  inclusionProof,
  MerkleStoreError,
  type TEvidenceRecord,
  type TKeyProof,
  type TNodeStore,
  type TReceiptBundle,
  type TTreeHead,
  toReceiptBundle,
} from "@/lib/attest";
import { presentReceipt } from "./present-receipt";
import type { TReceiptFull } from "./schemas";

export type TStoredAttestation = {
  row: TReceiptRow;
  receipt: TReceiptFull;
  evidence: TEvidenceRecord[];
  /** The log's current signed tree head; null before the first seal. */
  treeHead: TTreeHead | null;
  /** The receipt as a self-contained bundle; null while it is not sealed. */
  bundle: TReceiptBundle | null;
  /** Why the inclusion proof could not be read from the log (a truncated or damaged log). */
  logProblem: string | null;
};

/**
 * A receipt's attestation from its parts; `store` holds the log nodes its proof needs, and
 * `keyProofs` (format 3) its signing keys' entries under `treeHead` (signingKeyProofs).
 */
export async function assembleAttestation({
  row,
  evidence,
  treeHead,
  store,
  keyProofs,
}: {
  row: TReceiptRow;
  evidence: TEvidenceRecord[];
  treeHead: TTreeHead | null;
  store: TNodeStore;
  keyProofs: readonly TKeyProof[];
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
  let proof: Uint8Array[] = [];
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
    ...(row.formatVersion >= 3 ? { keyProofs } : {}),
  });
  return { row, receipt, evidence, treeHead, bundle, logProblem };
}
