import { db } from "@/db/client";
import { replaySettlement } from "@/lib/attest";
import type { TTenant } from "@/lib/auth/tenant";
import { getReceiptOrThrow } from "./get-receipt";
import { loadAttestation } from "./load-attestation";
import { formatVersionOf } from "./present-receipt";

/**
 * POST /v1/attest/replay: re-runs the settlement's decisions from its recorded evidence and
 * policy version (a pure function) and compares the outcome and hash with the receipt.
 */
export async function replayReceipt({
  tenant,
  target,
}: {
  tenant: TTenant;
  target: { settlementId?: string; receiptId?: string };
}) {
  const { row, evidence } = await db.transaction(
    async (tx) => loadAttestation(tx, await getReceiptOrThrow({ tenant, ...target }, tx)),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const result = replaySettlement({
    receipt: {
      formatVersion: formatVersionOf(row),
      id: row.id,
      settlementId: row.settlementId,
      negotiationId: row.negotiationId,
      amount: { value: row.amountValue, currency: row.currency },
      parties: row.parties,
      adapter: row.adapter,
      externalRef: row.externalRef,
      policySnapshot: row.policySnapshot,
      attestHash: row.attestHash,
      createdAt: row.createdAt.toISOString(),
    },
    evidence,
  });
  return {
    settlementId: row.settlementId,
    receiptId: row.id,
    ...result,
    replayedAt: new Date().toISOString(),
  };
}
