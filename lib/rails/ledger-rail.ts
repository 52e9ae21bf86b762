import { eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { ledgerEntries } from "@/db/schema";
import { lockAccounts } from "@/lib/ledger/lock-accounts";
import { findTransfer, postTransfer } from "@/lib/ledger/post-transfer";
import type { TRailAdapter, TRailLookup, TRailOutcome, TRailRequest } from "./types";

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

const voided = () =>
  new Declined({
    status: "declined",
    code: "rail_timeout",
    message: "The payment did not reach the ledger in time and was voided.",
  });

/** The settlement's payment transfer, or its void (never both: see lookupOrVoid). */
const findPayment = (tx: TExecutor, settlementId: string) =>
  findTransfer(tx, { reference: settlementId, kinds: ["execute", "void"] });

const lockParties = (tx: TExecutor, request: TRailRequest) =>
  lockAccounts(tx, {
    environment: request.environment,
    currency: request.amount.currency,
    owners: request.parties.map((party) => party.agentId),
  });

/**
 * Moves money between agent wallets in the PostgreSQL double-entry ledger: the initiator's
 * wallet pays each responder's share. A payment is the transfer `(settlementId, execute)`, its
 * reversal `(settlementId, reverse)`; both are idempotent and never overdraw a wallet. A lookup
 * that finds no payment writes `(settlementId, void)`, and a payment arriving after it is declined.
 */
export const ledgerRail: TRailAdapter = {
  name: "ledger",
  execute: (request: TRailRequest) =>
    declinedOr(() =>
      db.transaction(async (tx) => {
        const { currency, value } = request.amount;
        const payer = request.parties.find((party) => party.role === "initiator")!;
        const payees = request.parties.filter((party) => party.role === "responder");
        const accounts = await lockParties(tx, request);
        // Under the wallet locks: a concurrent call for this settlement has committed or not begun.
        const existing = await findPayment(tx, request.settlementId);
        if (existing?.kind === "void") throw voided();
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
          kinds: ["execute"],
        });
        if (!payment) {
          throw new Declined({
            status: "declined",
            code: "not_reversible",
            message: "The ledger holds no payment for this settlement.",
          });
        }
        const accounts = await lockParties(tx, request);
        const existing = await findTransfer(tx, {
          reference: request.settlementId,
          kinds: ["reverse"],
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
  // Under the same wallet locks as execute, so that a payment still on its way either committed
  // before the lookup or finds the void after it.
  lookupOrVoid: (request: TRailRequest) =>
    db.transaction(async (tx): Promise<TRailLookup> => {
      await lockParties(tx, request);
      const existing = await findPayment(tx, request.settlementId);
      if (existing?.kind === "execute") return { status: "succeeded", externalRef: existing.id };
      if (!existing) {
        await postTransfer(tx, {
          environment: request.environment,
          kind: "void",
          reference: request.settlementId,
          currency: request.amount.currency,
          legs: [],
        });
      }
      return { status: "voided" };
    }),
};
