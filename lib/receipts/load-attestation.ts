import { and, asc, eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import {
  attestLogHeads,
  evidenceRecords,
  type TAttestLogHeadRow,
  type TReceiptRow,
} from "@/db/schema";
import type { TTreeHead } from "@/lib/attest";
import { signingKeyProofs } from "./agent-key-log";
import { assembleAttestation, type TStoredAttestation } from "./assemble-attestation";
import { logIdOf } from "./attest-log";
import { pgNodeStore } from "./pg-node-store";
import { evidenceRecordOf } from "./present-receipt";

export const treeHeadOf = (head: TAttestLogHeadRow): TTreeHead => ({
  origin: head.origin,
  treeSize: head.treeSize,
  rootHash: head.rootHash,
  signature: head.signature,
  keyId: head.keyId,
});

const readLogHead = async (executor: TExecutor, logId: string) => {
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
  executor: TExecutor,
  row: TReceiptRow,
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
  const evidence = evidenceRows.map(evidenceRecordOf);
  const treeHead = headRow ? treeHeadOf(headRow) : null;
  const keyProofs = await signingKeyProofs(executor, { row, evidence, treeHead });
  return assembleAttestation({
    row,
    evidence,
    treeHead,
    store: pgNodeStore(executor, logId),
    keyProofs,
  });
}
