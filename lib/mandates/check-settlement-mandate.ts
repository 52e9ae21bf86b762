import type { TExecutor } from "@/db/client";
import type { TAgentRow, TReceiptParty } from "@/db/schema";
import type { TAmount } from "@/lib/attest/schemas";
import { counterpartiesOf } from "./counterparties";
import { mandateOfAgent, payerMandate } from "./payer-mandate";
import { refuseMandateViolation } from "./refuse-mandate-violation";

type TSettlementTerms = { amount: TAmount; parties: readonly TReceiptParty[]; now: Date };

function refuseOutside(
  agentId: string,
  mandate: ReturnType<typeof mandateOfAgent>,
  { amount, parties, now }: TSettlementTerms,
) {
  if (!mandate) return;
  refuseMandateViolation({
    agentId,
    terms: mandate.terms,
    amount,
    counterparties: counterpartiesOf(parties),
    at: now.toISOString(),
    spentBefore: 0,
  });
}

/**
 * Refuses, when a settlement is created, terms its payer's mandate can never allow: expired,
 * a currency without a limit, above the per-settlement or the daily limit, a counterparty not
 * allowed. The day's spending is counted, and reserved, only when execution starts.
 */
export async function checkSettlementMandate(
  tx: TExecutor,
  { payerAgentId, ...terms }: TSettlementTerms & { payerAgentId: string },
): Promise<void> {
  refuseOutside(payerAgentId, await payerMandate(tx, payerAgentId), terms);
}

/** checkSettlementMandate for a payer whose row the caller has just read. */
export function checkPayerRowMandate(payer: TAgentRow, terms: TSettlementTerms): void {
  refuseOutside(payer.id, mandateOfAgent(payer), terms);
}
