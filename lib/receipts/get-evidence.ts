import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { evidenceRecords, receipts } from "@/db/schema";
import { verifyEvidenceChain } from "@/lib/attest";
import type { TTenant } from "@/lib/auth/tenant";
import { notFound } from "@/lib/http/api-error";
import { loadAttestation } from "./load-attestation";
import { evidenceRecordOf } from "./present-receipt";
import { visibleEvidence } from "./visibility";

/**
 * GET /v1/attest/evidence/:id: one evidence record with its hash and previous hash, where it
 * sits in its settlement's chain, whether it still hashes and links correctly, and the
 * receipt the chain ends in with that receipt's inclusion proof and signed tree head.
 */
export async function getEvidence({ tenant, evidenceId }: { tenant: TTenant; evidenceId: string }) {
  return db.transaction(
    async (tx) => {
      const [row] = await tx
        .select()
        .from(evidenceRecords)
        .where(and(eq(evidenceRecords.id, evidenceId), visibleEvidence(tenant)));
      if (!row) throw notFound("evidence record", evidenceId);
      const [receipt] = await tx
        .select()
        .from(receipts)
        .where(
          and(
            eq(receipts.settlementId, row.settlementId),
            eq(receipts.organizationId, row.organizationId),
          ),
        );
      const attestation = receipt ? await loadAttestation(tx, receipt) : null;
      const chain = attestation
        ? attestation.evidence
        : (
            await tx
              .select()
              .from(evidenceRecords)
              .where(eq(evidenceRecords.settlementId, row.settlementId))
              .orderBy(evidenceRecords.position)
          ).map(evidenceRecordOf);
      const index = chain.findIndex((record) => record.id === row.id);
      const verdict = verifyEvidenceChain({ records: chain });
      const bundle = attestation?.bundle;
      return {
        ...evidenceRecordOf(row),
        settlementId: row.settlementId,
        valid: verdict.records[index]?.valid ?? false,
        chain: {
          position: row.position,
          length: chain.length,
          previousId: chain[index - 1]?.id ?? null,
          nextId: chain[index + 1]?.id ?? null,
          head: chain.at(-1)?.hash ?? row.hash,
        },
        receipt: receipt
          ? {
              id: receipt.id,
              attestHash: receipt.attestHash,
              status: receipt.status,
              inChain: receipt.evidenceChain.includes(row.id),
              leafIndex: receipt.logIndex,
              inclusionProof: bundle?.attest.inclusionProof ?? null,
              treeHead: bundle?.attest.treeHead ?? null,
            }
          : null,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
