import { and, eq, sql } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { mandateSpendDays, type TSettlementMandateCheck } from "@/db/schema";

/**
 * Gives back what a settlement reserved under its payer's mandate, on the day it reserved it:
 * called in the transaction that marks the settlement failed, so money that never moved does
 * not count against the daily cap. Reversals keep their reservation (see docs/api-guide.md).
 */
export async function releaseMandateSpend(
  tx: TExecutor,
  { check, now }: { check: TSettlementMandateCheck | null; now: Date },
): Promise<void> {
  if (!check) return;
  await tx
    .update(mandateSpendDays)
    .set({ spent: sql`${mandateSpendDays.spent} - ${check.amount.value}`, updatedAt: now })
    .where(
      and(
        eq(mandateSpendDays.agentId, check.payerAgentId),
        eq(mandateSpendDays.currency, check.amount.currency),
        eq(mandateSpendDays.day, check.day),
      ),
    );
}
