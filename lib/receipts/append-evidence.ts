import { asc, eq } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { evidenceRecords } from "@/db/schema";
import { buildEvidenceRecord } from "@/lib/attest";
import type { Tenant } from "@/lib/auth/tenant";
import { newId } from "@/lib/ids";

export type TEvidenceInput = { type: string; payload: Record<string, unknown> };

/**
 * Appends records to a settlement's evidence chain, each linked to the hash of the one before.
 * Payloads must be canonical JSON (safe integers, no undefined-only meaning); the text that was
 * hashed is stored beside the record. A concurrent append to the same chain fails on the unique
 * (settlement, position) index rather than forking the chain. Returns the whole chain after the
 * append, oldest first.
 */
export async function appendEvidence(
  executor: Executor,
  {
    tenant,
    settlementId,
    records,
    at,
  }: { tenant: Tenant; settlementId: string; records: TEvidenceInput[]; at: Date },
): Promise<{ id: string; hash: string }[]> {
  const chain = await executor
    .select({ id: evidenceRecords.id, hash: evidenceRecords.hash })
    .from(evidenceRecords)
    .where(eq(evidenceRecords.settlementId, settlementId))
    .orderBy(asc(evidenceRecords.position));
  let previous: { hash: string } | null = chain.at(-1) ?? null;
  let position = chain.length;
  const rows: (typeof evidenceRecords.$inferInsert)[] = [];
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
  if (rows.length > 0) await executor.insert(evidenceRecords).values(rows);
  return [...chain, ...rows.map(({ id, hash }) => ({ id, hash }))];
}
