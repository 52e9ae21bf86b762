import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";

export const ledgerTransferKinds = ["fund", "execute", "reverse"] as const;
export type TLedgerTransferKind = (typeof ledgerTransferKinds)[number];

/**
 * One balanced movement of money. `(reference, kind)` is unique: a settlement id is the
 * rail's idempotency key, so executing or reversing it twice finds the first transfer.
 */
export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: text().primaryKey(),
    environment: environmentEnum().notNull(),
    kind: text({ enum: ledgerTransferKinds }).notNull(),
    reference: text().notNull(),
    currency: text().notNull(),
    createdAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [uniqueIndex("idx_ledger_transfers_on_reference_kind").on(t.reference, t.kind)],
);

export type TLedgerTransferRow = typeof ledgerTransfers.$inferSelect;
