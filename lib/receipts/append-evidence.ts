import { asc, inArray } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { evidenceRecords } from "@/db/schema";
import { buildEvidenceRecord } from "@/lib/attest";
import type { TTenant } from "@/lib/auth/tenant";
import { newId } from "@/lib/ids";

export type TEvidenceInput = { type: string; payload: Record<string, unknown> };
export type TChainLink = { id: string; hash: string };
type TEvidenceInsert = typeof evidenceRecords.$inferInsert;

/** A settlement's evidence chain as stored, oldest first. */
export async function readEvidenceChain(
  executor: TExecutor,
  settlementId: string,
): Promise<TChainLink[]> {
  return (await readEvidenceChains(executor, [settlementId])).get(settlementId)!;
}

/** readEvidenceChain of several settlements in one read, by settlement id. */
export async function readEvidenceChains(
  executor: TExecutor,
  settlementIds: string[],
): Promise<Map<string, TChainLink[]>> {
  const links = await executor
    .select({
      settlementId: evidenceRecords.settlementId,
      id: evidenceRecords.id,
      hash: evidenceRecords.hash,
    })
    .from(evidenceRecords)
    .where(inArray(evidenceRecords.settlementId, settlementIds))
    .orderBy(asc(evidenceRecords.settlementId), asc(evidenceRecords.position));
  return new Map(
    settlementIds.map((settlementId) => [
      settlementId,
      links
        .filter((link) => link.settlementId === settlementId)
        .map(({ id, hash }) => ({ id, hash })),
    ]),
  );
}

/**
 * The rows that extend `chain` with `records`, each linked to the hash of the one before.
 * Payloads must be canonical JSON (safe integers, no undefined-only meaning); the text that was
 * hashed is stored beside the record. Inserted concurrently with another append to the same
 * chain, they fail on the unique (settlement, position) index rather than fork the chain.
 */
export function chainRecords({
  tenant,
  settlementId,
  chain,
  records,
  at,
}: {
  tenant: TTenant;
  settlementId: string;
  chain: TChainLink[];
  records: TEvidenceInput[];
  at: Date;
}): TEvidenceInsert[] {
  let previous: { hash: string } | null = chain.at(-1) ?? null;
  let position = chain.length;
  const rows: TEvidenceInsert[] = [];
  for (const input of records) {
    const { record, canonical } = buildEvidenceRecord({
      previous,
      id: newId("evidence"),
      type: input.type,
      payload: input.payload,
      createdAt: at.toISOString(),
    });
    rows.push({
      ...record,
      organizationId: tenant.organizationId,
      environment: tenant.environment,
      settlementId,
      position,
      canonical,
      createdAt: at,
    });
    previous = record;
    position += 1;
  }
  return rows;
}

/** Appends records to a settlement's evidence chain (see chainRecords). */
export async function appendEvidence(
  executor: TExecutor,
  input: { tenant: TTenant; settlementId: string; records: TEvidenceInput[]; at: Date },
): Promise<void> {
  const chain = await readEvidenceChain(executor, input.settlementId);
  const rows = chainRecords({ ...input, chain });
  if (rows.length > 0) await executor.insert(evidenceRecords).values(rows);
}
