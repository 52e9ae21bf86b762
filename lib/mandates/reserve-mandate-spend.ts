import { and, eq, sql } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { mandateSpendDays, type TSettlementMandateCheck, type TSettlementRow } from "@/db/schema";
import { utcDay } from "@/lib/attest/mandate";
import { counterpartiesOf } from "./counterparties";
import { payerMandate } from "./payer-mandate";
import { mandateError, refuseMandateViolation } from "./refuse-mandate-violation";

/**
 * Checks a settlement against its payer's mandate and reserves its amount on the payer's
 * counter of the UTC day, in the caller's transaction (the one that starts the execution).
 * The reservation is one conditional UPDATE: concurrent ones queue on the counter row and each
 * re-reads it, so the day's total never passes the cap. Throws the mandate's API error when a
 * rule is broken (the transaction, and so the reservation, rolls back); returns the check the
 * receipt's evidence records, or null when the payer has no mandate.
 */
export async function reserveMandateSpend(
  tx: TExecutor,
  { settlement, now }: { settlement: TSettlementRow; now: Date },
): Promise<TSettlementMandateCheck | null> {
  const mandate = await payerMandate(tx, settlement.payerAgentId, { forShare: true });
  if (!mandate) return null;
  const amount = { value: settlement.amountValue, currency: settlement.currency };
  const checkedAt = now.toISOString();
  const day = utcDay(checkedAt);
  const facts = {
    agentId: settlement.payerAgentId,
    terms: mandate.terms,
    amount,
    counterparties: counterpartiesOf(settlement.parties),
    at: checkedAt,
  };
  refuseMandateViolation({ ...facts, spentBefore: 0 });
  const perDay = mandate.terms.limits.find((limit) => limit.currency === amount.currency)!.perDay;
  const counter = and(
    eq(mandateSpendDays.agentId, settlement.payerAgentId),
    eq(mandateSpendDays.currency, amount.currency),
    eq(mandateSpendDays.day, day),
  );
  await tx
    .insert(mandateSpendDays)
    .values({
      organizationId: settlement.organizationId,
      environment: settlement.environment,
      agentId: settlement.payerAgentId,
      currency: amount.currency,
      day,
    })
    .onConflictDoNothing();
  const [reserved] = await tx
    .update(mandateSpendDays)
    .set({ spent: sql`${mandateSpendDays.spent} + ${amount.value}`, updatedAt: now })
    .where(and(counter, sql`${mandateSpendDays.spent} + ${amount.value} <= ${perDay}`))
    .returning({ spent: mandateSpendDays.spent });
  if (!reserved) {
    const [current] = await tx
      .select({ spent: mandateSpendDays.spent })
      .from(mandateSpendDays)
      .where(counter);
    throw mandateError("mandate_daily_limit_exceeded", {
      ...facts,
      spentBefore: current?.spent ?? 0,
    });
  }
  return {
    settlementId: settlement.id,
    payerAgentId: settlement.payerAgentId,
    mandate: mandate.terms,
    mandateHash: mandate.hash,
    mandateVersion: mandate.version,
    checkedAt,
    day,
    amount,
    spentBefore: reserved.spent - amount.value,
    ...(mandate.signature ? { signature: mandate.signature } : {}),
  };
}
