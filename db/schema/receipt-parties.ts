import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";
import { receipts } from "./receipts";

/**
 * One row per receipt and organization that sees it (its own, the payer's, and every other
 * party's of its settlement): an organization's receipts, newest first, read without passing
 * over other organizations' rows. The key is the list's order, as settlement_parties' is.
 */
export const receiptParties = pgTable(
  "receipt_parties",
  {
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    /** The receipt's own createdAt. */
    createdAt: timestampMs().notNull(),
    receiptId: text()
      .notNull()
      .references(() => receipts.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({
      name: "pk_receipt_parties",
      columns: [t.organizationId, t.environment, t.createdAt, t.receiptId],
    }),
    // The foreign key's cascade finds a receipt's rows.
    index("idx_receipt_parties_on_receipt_id").on(t.receiptId),
  ],
);
