import { z } from "zod";
import type { TAmount, TParty } from "./schemas";

/*
 * Settlement policies as pure functions of (policy version, facts, recorded inputs). A version
 * is immutable: changing a rule means registering a new version, so an old settlement replays
 * under the rules it was checked against. The inputs are whatever configuration the rules read
 * (allowed currencies, limits), captured in the evidence at the time of the check.
 */

export const ZPolicyInputs = z.strictObject({
  allowedCurrencies: z
    .array(z.string().regex(/^[A-Z]{3}$/))
    .min(1)
    .max(50),
  /** Largest single settlement the payer may make, in minor units; null for none. */
  perSettlementLimit: z.number().int().positive().nullable(),
  /** Largest total the payer may pay in a trailing 24 hours, in minor units; null for none. */
  perDayLimit: z.number().int().positive().nullable(),
  /** What the payer already paid in this currency in the 24 hours before (this one excluded). */
  payerVolume24h: z.number().int().nonnegative(),
});

export type TPolicyInputs = z.infer<typeof ZPolicyInputs>;

export type TPolicyDecision = { allowed: boolean; violations: string[] };

type TPolicyRules = (facts: {
  amount: TAmount;
  parties: readonly TParty[];
  inputs: TPolicyInputs;
}) => string[];

// The settlements' standard policy: allowed currency, the payer's per-settlement and daily limits.
const standardV1: TPolicyRules = ({ amount, parties, inputs }) => {
  const violations: string[] = [];
  if (!inputs.allowedCurrencies.includes(amount.currency)) {
    violations.push("policy_currency_not_allowed");
  }
  if (inputs.perSettlementLimit !== null && amount.value > inputs.perSettlementLimit) {
    violations.push("policy_limit_exceeded");
  }
  if (inputs.perDayLimit !== null && inputs.payerVolume24h + amount.value > inputs.perDayLimit) {
    violations.push("policy_daily_limit_exceeded");
  }
  const seen = new Set<string>();
  for (const party of parties) {
    if (seen.has(party.agentId)) violations.push(`duplicate_party:${party.agentId}`);
    seen.add(party.agentId);
    if (party.amount <= 0) violations.push(`non_positive_share:${party.agentId}`);
  }
  const received = parties
    .filter((party) => party.role === "responder")
    .reduce((sum, party) => sum + party.amount, 0);
  if (received !== amount.value) violations.push("shares_do_not_sum_to_amount");
  return violations;
};

const policies: Record<string, TPolicyRules> = {
  "pol-standard@v1": standardV1,
};

export const knownPolicyVersions = Object.keys(policies);

/** The decision of `policyVersion` on these facts and inputs; null for an unknown version. */
export const evaluatePolicy = ({
  policyVersion,
  amount,
  parties,
  inputs,
}: {
  policyVersion: string;
  amount: TAmount;
  parties: readonly TParty[];
  inputs: TPolicyInputs;
}): TPolicyDecision | null => {
  const rules = policies[policyVersion];
  if (!rules) return null;
  const violations = rules({ amount, parties, inputs });
  return { allowed: violations.length === 0, violations };
};
