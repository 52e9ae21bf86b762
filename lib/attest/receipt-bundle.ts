import { toHashHex } from "./hash";
import type { TEvidenceRecord, TKeyProof, TReceipt, TReceiptBundle, TTreeHead } from "./schemas";

/** Assembles the self-contained bundle from a full receipt and what the log returned for it. */
export const toReceiptBundle = ({
  receipt,
  evidence,
  leafIndex,
  proof,
  treeHead,
  keyProofs,
}: {
  receipt: TReceipt;
  evidence: readonly TEvidenceRecord[];
  leafIndex: number;
  proof: readonly Uint8Array[];
  treeHead: TTreeHead;
  /** Format 3: the signing keys' log entries and their proofs under `treeHead`. */
  keyProofs?: readonly TKeyProof[];
}): TReceiptBundle => ({
  ...receipt,
  attest: {
    ...receipt.attest,
    evidence: [...evidence],
    inclusionProof: { leafIndex, treeSize: treeHead.treeSize, hashes: proof.map(toHashHex) },
    treeHead,
    ...(keyProofs ? { keyProofs: [...keyProofs] } : {}),
  },
});
