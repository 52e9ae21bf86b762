import { db } from "@/db/client";
import type { TTenant } from "@/lib/auth/tenant";
import { getReceiptOrThrow } from "@/lib/receipts/get-receipt";
import { loadAttestation } from "@/lib/receipts/load-attestation";

/**
 * A receipt with what its detail page shows besides the receipt itself: the evidence chain and,
 * once sealed, its inclusion proof and the signed tree head (the same reads as the bundle).
 */
export async function receiptDetail({ tenant, receiptId }: { tenant: TTenant; receiptId: string }) {
  return db.transaction(
    async (tx) => {
      const attestation = await loadAttestation(
        tx,
        await getReceiptOrThrow({ tenant, receiptId }, tx),
      );
      return {
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
