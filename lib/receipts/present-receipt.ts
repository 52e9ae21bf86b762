import type { TEvidenceRecordRow, TReceiptRow } from "@/db/schema";
import type { TEvidenceRecord, TReceiptFormatVersion } from "@/lib/attest";
import type { TReceiptFull, TReceiptListItem } from "./schemas";

export function presentReceiptListItem(row: TReceiptRow): TReceiptListItem {
  return {
    id: row.id,
    settlementId: row.settlementId,
    negotiationId: row.negotiationId,
    amount: { value: row.amountValue, currency: row.currency },
    attestHash: row.attestHash,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The row's receipt format, as the attest engine types it. */
export const formatVersionOf = (row: Pick<TReceiptRow, "formatVersion">): TReceiptFormatVersion =>
  row.formatVersion === 3 ? 3 : row.formatVersion === 2 ? 2 : 1;

/** Receipt (full): the list item plus parties, adapter, externalRef and the attest object. */
export function presentReceipt(row: TReceiptRow): TReceiptFull {
  return {
    ...presentReceiptListItem(row),
    parties: row.parties.map(({ agentId, role, amount }) => ({ agentId, role, amount })),
    adapter: row.adapter,
    externalRef: row.externalRef,
    attest: {
      formatVersion: formatVersionOf(row),
      hash: row.attestHash,
      algorithm: "SHA-256",
      proof: {
        policySnapshot: row.policySnapshot,
        evidenceChain: row.evidenceChain,
        deterministic: row.deterministic ?? false,
      },
      status: row.status,
      verifiedAt: row.verifiedAt ? row.verifiedAt.toISOString() : null,
    },
  };
}

/** An evidence row as the attest engine sees it (the hashed members only). */
export function evidenceRecordOf(row: TEvidenceRecordRow): TEvidenceRecord {
  return {
    id: row.id,
    type: row.type,
    payload: row.payload,
    previousHash: row.previousHash,
    hash: row.hash,
    createdAt: row.createdAt.toISOString(),
  };
}
