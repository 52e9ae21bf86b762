import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { ledgerEntries } from "@/db/schema";
import { lockAccounts } from "@/lib/ledger/lock-accounts";
import { findTransfer, postTransfer } from "@/lib/ledger/post-transfer";
import type { TRailAdapter, TRailOutcome, TRailRequest } from "./types";

class Declined extends Error {
  constructor(readonly outcome: Extract<TRailOutcome, { status: "declined" }>) {
    super(outcome.message);
  }
}

const insufficient = (who: string, needed: number, balance: number, currency: string) =>
  new Declined({
    status: "declined",
    code: "insufficient_funds",
    message: `Wallet of ${who} holds ${balance} ${currency}; ${needed} needed.`,
  });

async function declinedOr(run: () => Promise<TRailOutcome>): Promise<TRailOutcome> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Declined) return error.outcome;
    throw error;
  }
}

/**
 * Moves money between agent wallets in the PostgreSQL double-entry ledger: the initiator's
 * wallet pays each responder's share. A payment is the transfer `(settlementId, execute)`, its
 * reversal `(settlementId, reverse)`; both are idempotent and never overdraw a wallet.
 */
export const ledgerRail: TRailAdapter = {
  name: "ledger",
  execute: (request: TRailRequest) =>
    declinedOr(() =>
      db.transaction(async (tx) => {
        const { currency, value } = request.amount;
        const payer = request.parties.find((party) => party.role === "initiator")!;
        const payees = request.parties.filter((party) => party.role === "responder");
        const accounts = await lockAccounts(tx, {
          environment: request.environment,
          currency,
          owners: request.parties.map((party) => party.agentId),
        });
        // Under the wallet locks: a concurrent call for this settlement has committed or not begun.
        const existing = await findTransfer(tx, {
          reference: request.settlementId,
          kind: "execute",
        });
        if (existing) return { status: "succeeded", externalRef: existing.id };
        const wallet = accounts.get(payer.agentId)!;
        if (wallet.balance < value)
          throw insufficient(payer.agentId, value, wallet.balance, currency);
        const { transferId } = await postTransfer(tx, {
          environment: request.environment,
          kind: "execute",
          reference: request.settlementId,
          currency,
          legs: [
            { accountId: wallet.id, amount: -value },
            ...payees.map((payee) => ({
              accountId: accounts.get(payee.agentId)!.id,
              amount: payee.amount,
            })),
          ],
        });
        return { status: "succeeded", externalRef: transferId };
      }),
    ),
  reverse: (request: TRailRequest) =>
    declinedOr(() =>
      db.transaction(async (tx) => {
        const payment = await findTransfer(tx, {
          reference: request.settlementId,
          kind: "execute",
        });
        if (!payment) {
          throw new Declined({
            status: "declined",
            code: "not_reversible",
            message: "The ledger holds no payment for this settlement.",
          });
        }
        const accounts = await lockAccounts(tx, {
          environment: request.environment,
          currency: request.amount.currency,
          owners: request.parties.map((party) => party.agentId),
        });
        const existing = await findTransfer(tx, {
          reference: request.settlementId,
          kind: "reverse",
        });
        if (existing) return { status: "succeeded", externalRef: existing.id };
        const byId = new Map([...accounts.values()].map((account) => [account.id, account]));
        const legs = await tx
          .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.transferId, payment.id));
        for (const leg of legs) {
          const account = byId.get(leg.accountId)!;
          if (leg.amount > 0 && account.balance < leg.amount)
            throw insufficient(account.owner, leg.amount, account.balance, account.currency);
        }
        const { transferId } = await postTransfer(tx, {
          environment: request.environment,
          kind: "reverse",
          reference: request.settlementId,
          currency: request.amount.currency,
          legs: legs.map((leg) => ({ accountId: leg.accountId, amount: -leg.amount })),
        });
        return { status: "succeeded", externalRef: transferId };
      }),
    ),
  async lookupStatus(request: TRailRequest) {
    const payment = await findTransfer(db, { reference: request.settlementId, kind: "execute" });
    return payment ? { status: "succeeded", externalRef: payment.id } : { status: "not_found" };
  },
};
