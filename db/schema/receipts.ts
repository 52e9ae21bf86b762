import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";

export const receiptStatuses = ["pending", "valid", "invalid"] as const;

export type TReceiptParty = { agentId: string; role: "initiator" | "responder"; amount: number };

/**
 * One receipt per executed settlement, written in the transaction that marks it executed.
 * `canonical` is the exact text `attestHash` was computed over.
 */
export const receipts = pgTable(
  "receipts",
  {
    id: text().primaryKey(),
    /** The receipt format (lib/attest/README.md); receipts issued before formats were numbered are 1. */
    formatVersion: integer().notNull().default(1),
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    settlementId: text().notNull(),
    negotiationId: text().notNull(),
    amountValue: bigint({ mode: "number" }).notNull(),
    currency: text().notNull(),
    parties: jsonb().$type<TReceiptParty[]>().notNull(),
    adapter: text().notNull(),
    externalRef: text().notNull(),
    policySnapshot: text().notNull(),
    evidenceChain: text().array().notNull(),
    evidenceChainHead: text().notNull(),
    canonical: text().notNull(),
    attestHash: text().notNull(),
    status: text({ enum: receiptStatuses }).notNull().default("pending"),
    /** Index of this receipt's leaf in the Merkle log, once sealed. */
    logIndex: bigint({ mode: "number" }),
    /** Whether replaying the settlement from its evidence reproduced it (set when sealed). */
    deterministic: boolean(),
    /** When the current status was established: sealing, or the verification that changed it. */
    verifiedAt: timestampMs(),
    /** The first time someone asked the API or the console to verify it. */
    firstVerificationRequestAt: timestampMs(),
    createdAt: timestampMs().notNull(),
  },
  (t) => [
    uniqueIndex("idx_receipts_on_settlement_id").on(t.settlementId),
    index("idx_receipts_on_org_env_created").on(t.organizationId, t.environment, t.createdAt, t.id),
    index("idx_receipts_on_negotiation_id").on(t.negotiationId),
    index("idx_receipts_pending").on(t.environment, t.createdAt).where(sql`status = 'pending'`),
    // The log's entry tiles read receipts by leaf index.
    index("idx_receipts_on_env_log_index")
      .on(t.environment, t.logIndex)
      .where(sql`log_index is not null`),
  ],
);

export type TReceiptRow = typeof receipts.$inferSelect;
