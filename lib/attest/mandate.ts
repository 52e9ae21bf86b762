import { z } from "zod";
import { canonicalJson } from "./canonical";
import { sha256Hex } from "./hash";
import { MAX_MONEY_VALUE, type TAmount, ZAmount, ZHashHex, ZTimestamp } from "./schemas";

/*
 * A spending mandate: what an organization lets one of its agents pay, per currency per
 * settlement and per UTC day, to which counterparties, until when. Its terms are stored in
 * normal form (limits sorted by currency, counterparties sorted and unique), so equal terms
 * always hash alike.
 */

const ZAgentRef = z.string().regex(/^agent-[A-Za-z0-9_-]{1,64}$/);
const ZMinorUnits = z.number().int().positive().max(MAX_MONEY_VALUE);

export const ZMandateLimit = z.strictObject({
  currency: z.string().regex(/^[A-Z]{3}$/),
  perSettlement: ZMinorUnits,
  perDay: ZMinorUnits,
});

export const ZMandateTerms = z.strictObject({
  limits: z.array(ZMandateLimit).min(1).max(20),
  allowedCounterparties: z.array(ZAgentRef).max(100).nullable(),
  expiresAt: ZTimestamp.nullable(),
});

export type TMandateTerms = z.infer<typeof ZMandateTerms>;

/** The evidence record type of a mandate check. */
export const MANDATE_RECORD_TYPE = "mandate_checked";

/** What the paying agent's mandate allowed when its settlement was checked against it. */
export const ZMandateCheckedPayload = z.looseObject({
  settlementId: z.string().min(1).max(100),
  payerAgentId: ZAgentRef,
  mandate: ZMandateTerms,
  mandateHash: ZHashHex,
  mandateVersion: z.number().int().positive(),
  checkedAt: ZTimestamp,
  /** The UTC day (YYYY-MM-DD) of `checkedAt`, whose spending the daily cap bounds. */
  day: z.iso.date(),
  amount: ZAmount,
  /** What the payer had already reserved or paid in this currency that UTC day, this one excluded. */
  spentBefore: z.number().int().nonnegative().max(MAX_MONEY_VALUE),
  /** The issuer's signature of the mandate, when it has one (mandate-signature.ts checks it). */
  signature: z.unknown().optional(),
});

export type TMandateCheckedPayload = z.infer<typeof ZMandateCheckedPayload>;

/** The reference `settlement_executed` carries to the mandate record (null: no mandate). */
export const ZMandateReference = z.strictObject({
  hash: ZHashHex,
  version: z.number().int().positive(),
});

export type TMandateReference = z.infer<typeof ZMandateReference>;

export const normalizeMandateTerms = (terms: TMandateTerms): TMandateTerms => ({
  limits: [...terms.limits]
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
    .map(({ currency, perSettlement, perDay }) => ({ currency, perSettlement, perDay })),
  allowedCounterparties:
    terms.allowedCounterparties === null ? null : [...new Set(terms.allowedCounterparties)].sort(),
  expiresAt: terms.expiresAt,
});

/** `0x` + hex(SHA-256(JCS(terms))) of the terms as stored (normal form). */
export const hashMandate = (terms: TMandateTerms): string => sha256Hex(canonicalJson(terms));

/** The UTC day of an ISO timestamp. */
export const utcDay = (iso: string): string => iso.slice(0, 10);

/** The rules of a mandate, by the code a refusal and a replayed decision name them with. */
export const mandateViolationCodes = [
  "mandate_expired",
  "mandate_currency_not_allowed",
  "mandate_limit_exceeded",
  "mandate_daily_limit_exceeded",
  "mandate_counterparty_not_allowed",
] as const;

export type TMandateViolation = (typeof mandateViolationCodes)[number];

/**
 * The rules a settlement must meet under a mandate, as a pure function: the server runs it
 * before money moves and the verifier and replay run it again on the recorded facts.
 */
export const mandateViolations = ({
  terms,
  amount,
  counterparties,
  at,
  spentBefore,
}: {
  terms: TMandateTerms;
  amount: TAmount;
  counterparties: readonly string[];
  at: string;
  spentBefore: number;
}): TMandateViolation[] => {
  const violations: TMandateViolation[] = [];
  if (terms.expiresAt !== null && Date.parse(at) >= Date.parse(terms.expiresAt)) {
    violations.push("mandate_expired");
  }
  const limit = terms.limits.find((entry) => entry.currency === amount.currency);
  if (!limit) {
    violations.push("mandate_currency_not_allowed");
  } else {
    if (amount.value > limit.perSettlement) violations.push("mandate_limit_exceeded");
    if (spentBefore + amount.value > limit.perDay) violations.push("mandate_daily_limit_exceeded");
  }
  const allowed = terms.allowedCounterparties;
  if (allowed !== null && counterparties.some((agentId) => !allowed.includes(agentId))) {
    violations.push("mandate_counterparty_not_allowed");
  }
  return violations;
};
