import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { settlements, type TSettlementRow } from "@/db/schema";
import { evaluatePolicy, type TPolicyInputs } from "@/lib/attest/policy-engine";
import { standardPolicy } from "./standard-policy";

export type TPolicyResult = {
  policyVersion: string;
  checks: string[];
  /** Everything the decision depended on, recorded as evidence so replay can re-decide. */
  inputs: TPolicyInputs;
  violation: { code: string; message: string } | null;
};

const dayMs = 24 * 60 * 60 * 1000;

const messages: Record<string, (facts: { currency: string; total: number }) => string> = {
  policy_currency_not_allowed: ({ currency }) => `${standardPolicy.id} does not allow ${currency}.`,
  policy_limit_exceeded: ({ currency }) =>
    `The amount is above the per-settlement limit of ${standardPolicy.limits[currency]?.perSettlement} ${currency} (${standardPolicy.id}).`,
  policy_daily_limit_exceeded: ({ currency, total }) =>
    `The paying agent would pay ${total} ${currency} in 24 hours, above the limit of ${standardPolicy.limits[currency]?.perDay} (${standardPolicy.id}).`,
};

/** What the paying agent paid in this currency in the trailing 24 hours (money that moved and stayed). */
async function payerVolume24h(
  settlement: Pick<TSettlementRow, "id" | "payerAgentId" | "currency">,
  now: Date,
  executor: TExecutor,
): Promise<number> {
  const [paid] = await executor
    .select({ total: sql<string>`coalesce(sum(${settlements.amountValue}), 0)` })
    .from(settlements)
    .where(
      and(
        eq(settlements.payerAgentId, settlement.payerAgentId),
        eq(settlements.currency, settlement.currency),
        gt(settlements.executedAt, new Date(now.getTime() - dayMs)),
        inArray(settlements.status, ["executed", "disputed"]),
        ne(settlements.id, settlement.id),
      ),
    );
  return Number(paid?.total ?? 0);
}

/**
 * Checks a settlement against the policy before money moves. The inputs come from the database;
 * the decision is the attest engine's pure `evaluatePolicy`, the same code replay runs.
 */
export async function checkSettlementPolicy(
  settlement: Pick<TSettlementRow, "id" | "payerAgentId" | "currency" | "amountValue" | "parties">,
  { now = new Date(), executor = db }: { now?: Date; executor?: TExecutor } = {},
): Promise<TPolicyResult> {
  const { currency, amountValue } = settlement;
  const limits = standardPolicy.limits[currency];
  const inputs: TPolicyInputs = {
    allowedCurrencies: [...standardPolicy.currencies],
    perSettlementLimit: limits?.perSettlement ?? null,
    perDayLimit: limits?.perDay ?? null,
    payerVolume24h: limits ? await payerVolume24h(settlement, now, executor) : 0,
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
