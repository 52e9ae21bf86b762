import {
  hashMandate,
  MANDATE_RECORD_TYPE,
  mandateViolations,
  type TMandateViolation,
  utcDay,
  ZMandateCheckedPayload,
  ZMandateReference,
} from "./mandate";
import type { TSettledFacts } from "./schemas";

export type TMandateEvidence =
  | { ok: true; violations: TMandateViolation[] }
  | { ok: false; detail: string };

const unusable = (detail: string): TMandateEvidence => ({ ok: false, detail });

/**
 * Re-checks the paying agent's mandate from a settlement's evidence alone. `settlement_executed`
 * names the mandate (`payload.mandate`, `{hash, version}` or null); the `mandate_checked` record
 * holds its terms, the amount and what the payer had spent that UTC day before. Evidence that
 * names no mandate and holds no mandate record (every settlement of a payer without one, and
 * every receipt older than mandates) has nothing to check. `ok: false` means the evidence is
 * inconsistent (a record dropped, terms that do not hash to the named mandate, another payer or
 * amount); otherwise `violations` lists the rules the recorded facts break.
 */
export const evaluateMandateEvidence = ({
  evidence,
  amount,
  parties,
}: TSettledFacts): TMandateEvidence => {
  const executed = evidence.find((record) => record.type === "settlement_executed");
  const records = evidence.filter((record) => record.type === MANDATE_RECORD_TYPE);
  const named = executed?.payload.mandate;
  if ((named === undefined || named === null) && records.length === 0) {
    return { ok: true, violations: [] };
  }
  if (named === undefined || named === null) {
    return unusable(
      `evidence ${records[0]!.id} records a mandate settlement_executed does not name`,
    );
  }
  const reference = ZMandateReference.safeParse(named);
  if (!reference.success) {
    return unusable(`evidence ${executed!.id} names a malformed mandate reference`);
  }
  const { hash, version } = reference.data;
  if (records.length !== 1) {
    return unusable(
      `settlement_executed names mandate ${hash} v${version}; the evidence holds ${records.length} ${MANDATE_RECORD_TYPE} records, not 1`,
    );
  }
  const record = records[0]!;
  const parsed = ZMandateCheckedPayload.safeParse(record.payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return unusable(
      `evidence ${record.id} (${MANDATE_RECORD_TYPE}) has an invalid payload.${issue?.path.join(".")}: ${issue?.message}`,
    );
  }
  const payload = parsed.data;
  const payer = parties.find((party) => party.role === "initiator");
  const mismatches: [boolean, string][] = [
    [
      hashMandate(payload.mandate) !== payload.mandateHash,
      "its mandate terms do not hash to its mandateHash",
    ],
    [
      payload.mandateHash !== hash || payload.mandateVersion !== version,
      `it records mandate ${payload.mandateHash} v${payload.mandateVersion}, settlement_executed names ${hash} v${version}`,
    ],
    [
      payload.payerAgentId !== payer?.agentId,
      `it is the mandate of ${payload.payerAgentId}, the payer is ${payer?.agentId}`,
    ],
    [
      payload.amount.value !== amount.value || payload.amount.currency !== amount.currency,
      `it checked ${payload.amount.value} ${payload.amount.currency}, the receipt is for ${amount.value} ${amount.currency}`,
    ],
    [
      payload.day !== utcDay(payload.checkedAt),
      `its day ${payload.day} is not the UTC day of ${payload.checkedAt}`,
    ],
  ];
  const mismatch = mismatches.find(([failed]) => failed)?.[1];
  if (mismatch) return unusable(`evidence ${record.id} (${MANDATE_RECORD_TYPE}): ${mismatch}`);
  return {
    ok: true,
    violations: mandateViolations({
      terms: payload.mandate,
      amount,
      counterparties: parties
        .filter((party) => party.role === "responder")
        .map((party) => party.agentId),
      at: payload.checkedAt,
      spentBefore: payload.spentBefore,
    }),
  };
};

/** The mandate part of the `policy` check: consistent evidence whose facts break no rule. */
export const checkMandateEvidence = (input: Parameters<typeof evaluateMandateEvidence>[0]) => {
  const result = evaluateMandateEvidence(input);
  if (!result.ok) return { ok: false, detail: result.detail };
  if (result.violations.length > 0) {
    return {
      ok: false,
      detail: `the recorded settlement breaks the payer's mandate: ${result.violations.join(", ")}`,
    };
  }
  return { ok: true };
};
