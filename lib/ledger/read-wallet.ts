import { and, eq, sql } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  type TLedgerMovementKind,
} from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { keyset, toPage } from "@/lib/http/pagination";
import { getWallets } from "./get-wallets";
import type { TWallet } from "./schemas";

/** An agent's balance per currency and its ledger entries, newest first, a page at a time. */
export async function readWallet(
  {
    environment,
    agentId,
    limit,
    cursor,
  }: {
    environment: TEnvironment;
    agentId: string;
    limit: number;
    cursor?: string;
  },
  executor: TExecutor = db,
): Promise<TWallet> {
  const page = keyset({ createdAt: ledgerEntries.createdAt, id: ledgerEntries.id }, cursor, [
    eq(ledgerAccounts.environment, environment),
    eq(ledgerAccounts.owner, agentId),
  ]);
  const [wallets, rows] = await Promise.all([
    getWallets({ environment, agentId }, executor),
    executor
      .select({
        id: ledgerEntries.id,
        transferId: ledgerEntries.transferId,
        // An entry belongs to a transfer that moved money: a void one has no entries.
        kind: sql<TLedgerMovementKind>`${ledgerTransfers.kind}`,
        reference: ledgerTransfers.reference,
        currency: ledgerAccounts.currency,
        amount: ledgerEntries.amount,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(and(page.where))
      .orderBy(...page.orderBy)
      .limit(limit + 1),
  ]);
  return {
    agentId,
    balances: wallets.map(({ currency, balance }) => ({ currency, balance })),
    entries: toPage(rows, limit, (row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
