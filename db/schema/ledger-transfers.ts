import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";

/** The transfers that move money, and so have entries. */
export const ledgerMovementKinds = ["fund", "execute", "reverse"] as const;
export type TLedgerMovementKind = (typeof ledgerMovementKinds)[number];
export const ledgerTransferKinds = [...ledgerMovementKinds, "void"] as const;
export type TLedgerTransferKind = (typeof ledgerTransferKinds)[number];

/**
 * One balanced movement of money. `(reference, kind)` is unique: a settlement id is the
 * rail's idempotency key, so executing or reversing it twice finds the first transfer. A `void`
 * transfer has no entries: it records that a settlement's payment will never be made (a status
 * lookup found none after the call went unanswered), and a later execute call is declined.
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
