import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { settlements } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { getReceiptOrThrow } from "@/lib/receipts/get-receipt";
import { loadAttestation } from "@/lib/receipts/load-attestation";

/**
 * A receipt with what its detail page shows besides the receipt itself: the evidence chain and,
 * once sealed, its inclusion proof and the signed tree head (the same reads as the bundle), and
 * what became of the settlement since (a receipt stays valid when its settlement is reversed).
 */
export async function receiptDetail({ tenant, receiptId }: { tenant: TTenant; receiptId: string }) {
  return db.transaction(
    async (tx) => {
      const row = await getReceiptOrThrow({ tenant, receiptId }, tx);
      const [attestation, [settlement]] = await Promise.all([
        loadAttestation(tx, row),
        tx
          .select({
            status: settlements.status,
            reason: settlements.reason,
            reversedAt: settlements.reversedAt,
            disputedAt: settlements.disputedAt,
          })
          .from(settlements)
          .where(eq(settlements.id, row.settlementId)),
      ]);
      return {
        settlement: settlement ?? null,
        receipt: attestation.receipt,
        evidence: attestation.evidence,
        inclusionProof: attestation.bundle?.attest.inclusionProof ?? null,
        treeHead: attestation.bundle?.attest.treeHead ?? null,
        logProblem: attestation.logProblem,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
