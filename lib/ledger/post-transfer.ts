import { and, eq, inArray, sql } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  type TLedgerTransferKind,
} from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { newId } from "@/lib/ids";

export type TLeg = { accountId: string; amount: number };

/**
 * Writes one balanced transfer (its legs sum to zero) and applies it to the balances of the
 * accounts, which the caller has locked. `(reference, kind)` is the idempotency key: a second
 * call finds the first transfer and changes nothing.
 */
export async function postTransfer(
  tx: TExecutor,
  {
    environment,
    kind,
    reference,
    currency,
    legs,
  }: {
    environment: TEnvironment;
    kind: TLedgerTransferKind;
    reference: string;
    currency: string;
    legs: TLeg[];
  },
): Promise<{ transferId: string; created: boolean }> {
  const sum = legs.reduce((total, leg) => total + leg.amount, 0);
  if (sum !== 0) throw new Error(`transfer ${kind} ${reference} does not balance (${sum})`);
  const [inserted] = await tx
    .insert(ledgerTransfers)
    .values({ id: newId("ledgerTransfer"), environment, kind, reference, currency })
    .onConflictDoNothing()
    .returning({ id: ledgerTransfers.id });
  if (!inserted) {
    const existing = await findTransfer(tx, { reference, kinds: [kind] });
    return { transferId: existing!.id, created: false };
  }
  // A void transfer moves nothing: it has no legs.
  if (legs.length > 0) {
    await tx.insert(ledgerEntries).values(
      legs.map((leg) => ({
        id: newId("ledgerEntry"),
        transferId: inserted.id,
        accountId: leg.accountId,
        amount: leg.amount,
      })),
    );
  }
  for (const leg of legs) {
    await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${leg.amount}`, updatedAt: new Date() })
      .where(eq(ledgerAccounts.id, leg.accountId));
  }
  return { transferId: inserted.id, created: true };
}

/** The transfer of `reference` whose kind is one of `kinds` (`(reference, kind)` is unique). */
export async function findTransfer(
  executor: TExecutor,
  { reference, kinds }: { reference: string; kinds: readonly TLedgerTransferKind[] },
) {
  const [row] = await executor
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.reference, reference), inArray(ledgerTransfers.kind, kinds)));
  return row;
}
