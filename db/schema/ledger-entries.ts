import { bigint, index, pgTable, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./_columns";
import { ledgerAccounts } from "./ledger-accounts";
import { ledgerTransfers } from "./ledger-transfers";

/** One leg of a transfer: a signed amount on one account. A transfer's entries sum to zero. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: text().primaryKey(),
    transferId: text()
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: text()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint({ mode: "number" }).notNull(),
    createdAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [
    index("idx_ledger_entries_on_transfer_id").on(t.transferId),
    index("idx_ledger_entries_on_account_id").on(t.accountId),
  ],
);
