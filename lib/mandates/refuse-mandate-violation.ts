import {
  mandateViolations,
  type TMandateTerms,
  type TMandateViolation,
} from "@/lib/attest/mandate";
import type { TAmount } from "@/lib/attest/schemas";
import { ApiError } from "@/lib/http/api-error";
import { formatMoney } from "@/lib/money/format-money";

type TFacts = {
  agentId: string;
  terms: TMandateTerms;
  amount: TAmount;
  counterparties: readonly string[];
  at: string;
  spentBefore: number;
};

const messages: Record<TMandateViolation, (facts: TFacts) => string> = {
  mandate_expired: ({ agentId, terms }) =>
    `The spending mandate of ${agentId} expired at ${terms.expiresAt}.`,
  mandate_currency_not_allowed: ({ agentId, amount }) =>
    `The spending mandate of ${agentId} sets no limit for ${amount.currency}, so it may not pay in it.`,
  mandate_limit_exceeded: ({ agentId, terms, amount }) =>
    `${money(amount.value, amount)} is above the limit of ${money(limitOf(terms, amount)?.perSettlement, amount)} per settlement in the spending mandate of ${agentId}.`,
  mandate_daily_limit_exceeded: ({ agentId, terms, amount, at, spentBefore }) =>
    `${agentId} has spent ${money(spentBefore, amount)} on ${at.slice(0, 10)} (UTC); ${money(amount.value, amount)} more would pass the daily limit of ${money(limitOf(terms, amount)?.perDay, amount)} in its spending mandate.`,
  mandate_counterparty_not_allowed: ({ agentId, terms, counterparties }) =>
    `The spending mandate of ${agentId} does not allow paying ${counterparties
      .filter((counterparty) => !terms.allowedCounterparties?.includes(counterparty))
      .join(", ")}.`,
};

const money = (value: number | undefined, { currency }: TAmount) =>
  value === undefined ? "none" : formatMoney(value, currency);

const limitOf = (terms: TMandateTerms, amount: TAmount) =>
  terms.limits.find((limit) => limit.currency === amount.currency);

/** The API error of a broken mandate rule, its message naming the facts. */
export const mandateError = (violation: TMandateViolation, facts: TFacts) =>
  new ApiError({ code: violation, message: messages[violation](facts) });

/** Throws the API error of the first mandate rule the settlement breaks, before money moves. */
export function refuseMandateViolation(facts: TFacts): void {
  const [violation] = mandateViolations(facts);
  if (violation) throw mandateError(violation, facts);
}
