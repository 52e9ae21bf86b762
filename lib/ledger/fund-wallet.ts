import { db, type TExecutor } from "@/db/client";
import type { TEnvironment } from "@/lib/environment";
import { newId } from "@/lib/ids";
import { fundingOwner, lockAccounts } from "./lock-accounts";
import { postTransfer } from "./post-transfer";
import { readWallet } from "./read-wallet";

type TFunding = { environment: TEnvironment; agentId: string; amount: number; currency: string };

/**
 * Moves money from the environment's funding account (the outside world) into a wallet. Given a
 * transaction (`executor`), it commits with the caller's work or not at all.
 */
export async function fundWallet(
  { environment, agentId, amount, currency }: TFunding,
  executor: TExecutor = db,
) {
  return executor.transaction(async (tx) => {
    const accounts = await lockAccounts(tx, {
      environment,
      currency,
      owners: [fundingOwner, agentId],
    });
    const wallet = accounts.get(agentId)!;
    const { transferId } = await postTransfer(tx, {
      environment,
      kind: "fund",
      reference: newId("ledgerTransfer"),
      currency,
      legs: [
        { accountId: accounts.get(fundingOwner)!.id, amount: -amount },
        { accountId: wallet.id, amount },
      ],
    });
    return { transferId, walletId: wallet.id, balance: wallet.balance + amount, currency };
  });
}

/**
 * Funds a wallet and reads it back (its first page) in one transaction: an answer that fails
 * after the funding commits nothing, so a retry with the same Idempotency-Key funds once.
 */
export async function fundAndReadWallet(input: TFunding) {
  return db.transaction(async (tx) => {
    await fundWallet(input, tx);
    return readWallet({ environment: input.environment, agentId: input.agentId, limit: 20 }, tx);
  });
}
