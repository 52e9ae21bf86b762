import { db } from "@/db/client";
import type { TReceiptBundle } from "@/lib/attest";
import type { TTenant } from "@/lib/auth/tenant";
import { conflict } from "@/lib/http/api-error";
import { logIdOf } from "./attest-log";
import { getReceiptOrThrow } from "./get-receipt";
import { loadAttestation } from "./load-attestation";
import { cosignaturesOf } from "./tree-head-cosignatures";

/**
 * The receipt as a self-contained document for offline verification: the full receipt, its
 * evidence records, its inclusion proof and the log's current signed tree head with the witness
 * cosignatures stored for it. 409 while the receipt is not sealed yet (there is no proof to give).
 */
export async function getReceiptBundle({
  tenant,
  receiptId,
}: {
  tenant: TTenant;
  receiptId: string;
}): Promise<TReceiptBundle> {
  return db.transaction(
    async (tx) => {
      const row = await getReceiptOrThrow({ tenant, receiptId }, tx);
      const attestation = await loadAttestation(tx, row);
      if (!attestation.bundle) {
        throw conflict(`Receipt ${receiptId} is not sealed in the attest log yet; retry shortly.`);
      }
      const { treeHead } = attestation.bundle.attest;
      const cosignatures = await cosignaturesOf(tx, {
        logId: logIdOf(row.environment),
        ...treeHead,
      });
      return cosignatures.length === 0
        ? attestation.bundle
        : {
            ...attestation.bundle,
            attest: { ...attestation.bundle.attest, treeHead: { ...treeHead, cosignatures } },
          };
    },
    // One snapshot: the proof and the tree head must describe the same log.
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
