import { and, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "@/db/client";
import { settlements, type TSettlementRow } from "@/db/schema";
import { evaluatePolicy, type TPolicyInputs } from "@/lib/attest/policy-engine";
import { formatMoney } from "@/lib/money/format-money";
import { standardPolicy } from "./standard-policy";

export type TPolicyResult = {
  policyVersion: string;
  checks: string[];
  /** Everything the decision depended on, recorded as evidence so replay can re-decide. */
  inputs: TPolicyInputs;
  violation: { code: string; message: string } | null;
};

const dayMs = 24 * 60 * 60 * 1000;

const limit = (value: number | undefined, currency: string) =>
  value === undefined ? "none" : formatMoney(value, currency);

const messages: Record<string, (facts: { currency: string; total: number }) => string> = {
  policy_currency_not_allowed: ({ currency }) => `${standardPolicy.id} does not allow ${currency}.`,
  policy_limit_exceeded: ({ currency }) =>
    `The amount is above the per-settlement limit of ${limit(standardPolicy.limits[currency]?.perSettlement, currency)} (${standardPolicy.id}).`,
  policy_daily_limit_exceeded: ({ currency, total }) =>
    `The paying agent would pay ${formatMoney(total, currency)} in 24 hours, above the limit of ${limit(standardPolicy.limits[currency]?.perDay, currency)} (${standardPolicy.id}).`,
};

type TPolicySettlement = Pick<
  TSettlementRow,
  "id" | "payerAgentId" | "currency" | "amountValue" | "parties" | "executionStartedAt"
>;

const earlier = alias(settlements, "earlier");

/**
 * What the paying agent paid, or is paying, in this currency in the 24 hours before this
 * settlement's execution started: its other settlements whose execution started earlier (ties by
 * id, byte order) and that are executing, executed or disputed. Counting the ones still executing
 * keeps concurrent settlements of one payer from each passing the daily limit alone. The first
 * attempt records the total on the settlement and every later one reads it back, in the same
 * statement: a re-run after a crash, when the rail may have paid already, decides as it did.
 */
async function payerVolume24h(settlement: TPolicySettlement): Promise<number> {
  const startedAt = settlement.executionStartedAt ?? new Date();
  const volume = db
    .select({ total: sql`coalesce(sum(${earlier.amountValue}), 0)` })
    .from(earlier)
    .where(
      and(
        eq(earlier.payerAgentId, settlement.payerAgentId),
        eq(earlier.currency, settlement.currency),
        gt(earlier.executionStartedAt, new Date(startedAt.getTime() - dayMs)),
        or(
          lt(earlier.executionStartedAt, startedAt),
          and(
            eq(earlier.executionStartedAt, startedAt),
            sql`${earlier.id} collate "C" < ${settlement.id}`,
          ),
        ),
        inArray(earlier.status, ["executing", "executed", "disputed"]),
      ),
    );
  const [recorded] = await db
    .update(settlements)
    .set({ policyPayerVolume: sql`coalesce(${settlements.policyPayerVolume}, (${volume}))` })
    .where(eq(settlements.id, settlement.id))
    .returning({ volume: settlements.policyPayerVolume });
  return recorded?.volume ?? 0;
}

/**
 * Checks a settlement against the policy before money moves. The inputs come from the database;
 * the decision is the attest engine's pure `evaluatePolicy`, the same code replay runs.
 */
export async function checkSettlementPolicy(settlement: TPolicySettlement): Promise<TPolicyResult> {
  const { currency, amountValue } = settlement;
  const limits = standardPolicy.limits[currency];
  const inputs: TPolicyInputs = {
    allowedCurrencies: [...standardPolicy.currencies],
    perSettlementLimit: limits?.perSettlement ?? null,
    perDayLimit: limits?.perDay ?? null,
    payerVolume24h: limits ? await payerVolume24h(settlement) : 0,
  };
  const decision = evaluatePolicy({
    policyVersion: standardPolicy.id,
    amount: { value: amountValue, currency },
    parties: settlement.parties,
    inputs,
  })!;
  const [code] = decision.violations;
  return {
    policyVersion: standardPolicy.id,
    checks: ["currency_allowed", "per_settlement_limit", "daily_limit", "shares"],
    inputs,
    violation: code
      ? {
          code: code in messages ? code : "policy_violation",
          message:
            messages[code]?.({ currency, total: inputs.payerVolume24h + amountValue }) ??
            `The settlement breaks ${standardPolicy.id}: ${decision.violations.join(", ")}.`,
        }
      : null,
  };
}
