import type { TExecutor } from "@/db/client";
import type { TReceiptParty } from "@/db/schema";
import type { TAmount } from "@/lib/attest/schemas";
import { counterpartiesOf } from "./counterparties";
import { payerMandate } from "./payer-mandate";
import { refuseMandateViolation } from "./refuse-mandate-violation";

/**
 * Refuses, when a settlement is created, terms its payer's mandate can never allow: expired,
 * a currency without a limit, above the per-settlement or the daily limit, a counterparty not
 * allowed. The day's spending is counted, and reserved, only when execution starts.
 */
export async function checkSettlementMandate(
  tx: TExecutor,
  {
    payerAgentId,
    amount,
    parties,
    now,
  }: { payerAgentId: string; amount: TAmount; parties: readonly TReceiptParty[]; now: Date },
): Promise<void> {
  const mandate = await payerMandate(tx, payerAgentId);
  if (!mandate) return;
  refuseMandateViolation({
    agentId: payerAgentId,
    terms: mandate.terms,
    amount,
    counterparties: counterpartiesOf(parties),
    at: now.toISOString(),
    spentBefore: 0,
  });
}
