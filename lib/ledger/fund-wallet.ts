import { db } from "@/db/client";
import type { TEnvironment } from "@/lib/environment";
import { newId } from "@/lib/ids";
import { fundingOwner, lockAccounts } from "./lock-accounts";
import { postTransfer } from "./post-transfer";

/** Moves money from the environment's funding account (the outside world) into a wallet. */
export async function fundWallet({
  environment,
  agentId,
  amount,
  currency,
}: {
  environment: TEnvironment;
  agentId: string;
  amount: number;
  currency: string;
}) {
  return db.transaction(async (tx) => {
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
