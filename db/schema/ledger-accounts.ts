import { sql } from "drizzle-orm";
import { bigint, check, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { environmentEnum, lifecycleDates } from "./_columns";

export const ledgerAccountKinds = ["wallet", "funding"] as const;

/**
 * A ledger account: an agent's wallet in one currency, or the environment's funding source
 * (the outside world, whose balance goes negative as it funds wallets). A wallet's balance
 * never goes below zero: the transfer code checks it under row locks and this CHECK enforces it.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: text().primaryKey(),
    environment: environmentEnum().notNull(),
    kind: text({ enum: ledgerAccountKinds }).notNull(),
    /** The owning agent's organization (null for the funding account). */
    organizationId: text(),
    /** The agent the wallet belongs to, or `funding` for the funding account. */
    owner: text().notNull(),
    currency: text().notNull(),
    balance: bigint({ mode: "number" }).notNull().default(0),
    ...lifecycleDates,
  },
  (t) => [
    uniqueIndex("idx_ledger_accounts_on_env_owner_currency").on(t.environment, t.owner, t.currency),
    check("ledger_accounts_wallet_not_negative", sql`${t.kind} <> 'wallet' or ${t.balance} >= 0`),
  ],
);

export type TLedgerAccountRow = typeof ledgerAccounts.$inferSelect;
