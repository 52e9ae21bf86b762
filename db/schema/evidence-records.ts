import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";

/**
 * The hash chain of one settlement's evidence. `canonical` is the exact RFC 8785 text that was
 * hashed: jsonb keeps neither key order nor number spelling, so it cannot stand as proof.
 */
export const evidenceRecords = pgTable(
  "evidence_records",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    settlementId: text().notNull(),
    /** Position in the settlement's chain, from 0. */
    position: integer().notNull(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    previousHash: text().notNull(),
    hash: text().notNull(),
    canonical: text().notNull(),
    createdAt: timestampMs().notNull(),
  },
  (t) => [
    uniqueIndex("idx_evidence_records_on_settlement_position").on(t.settlementId, t.position),
    index("idx_evidence_records_on_org_env").on(t.organizationId, t.environment),
  ],
);

export type TEvidenceRecordRow = typeof evidenceRecords.$inferSelect;
