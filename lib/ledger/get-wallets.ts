import { and, asc, eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { ledgerAccounts } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";

/** An agent's wallets, one per currency it ever held. */
export async function getWallets(
  { environment, agentId }: { environment: TEnvironment; agentId: string },
  executor: TExecutor = db,
) {
  return executor
    .select({
      id: ledgerAccounts.id,
      currency: ledgerAccounts.currency,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.environment, environment), eq(ledgerAccounts.owner, agentId)))
    .orderBy(asc(ledgerAccounts.currency));
}
