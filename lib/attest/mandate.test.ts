import { describe, expect, it } from "vitest";
import { checkReceiptFacts } from "./check-receipt-facts";
import { buildEvidenceRecord } from "./evidence-chain";
import { draftReceipt } from "./fixtures";
import {
  hashMandate,
  mandateViolations,
  normalizeMandateTerms,
  type TMandateTerms,
} from "./mandate";
import { evaluateMandateEvidence } from "./mandate-evidence";
import { replaySettlement } from "./replay";
import type { TEvidenceRecord } from "./schemas";

const terms: TMandateTerms = {
  limits: [{ currency: "USD", perSettlement: 200_000, perDay: 500_000 }],
  allowedCounterparties: null,
  expiresAt: null,
};

const withMandate = (spentBefore: number, overrides: Partial<TMandateTerms> = {}) =>
  draftReceipt({
    value: 125_000,
    mandate: { terms: { ...terms, ...overrides }, version: 3, spentBefore },
  });

const recordedOf = (draft: ReturnType<typeof draftReceipt>) => ({
  ...draft.receipt,
  formatVersion: 1 as const,
  policySnapshot: draft.receipt.attest.proof.policySnapshot,
});

const policyOf = (draft: ReturnType<typeof draftReceipt>, evidence = draft.evidence) =>
  checkReceiptFacts({ receipt: draft.receipt, evidence }).checks.find(
    (check) => check.name === "policy",
  );

/** Rebuilds a chain after editing payloads, as a forger with no log access could. */
const rechain = (records: TEvidenceRecord[]) => {
  const out: TEvidenceRecord[] = [];
  for (const record of records) {
    out.push(buildEvidenceRecord({ ...record, previous: out.at(-1) ?? null }).record);
  }
  return out;
};

describe("mandate terms", () => {
  it("hash alike in any order once normalized, and differ when a term differs", () => {
    const a = normalizeMandateTerms({
      limits: [
        { currency: "USD", perSettlement: 1, perDay: 2 },
        { currency: "EUR", perSettlement: 3, perDay: 4 },
      ],
      allowedCounterparties: ["agent-b", "agent-a", "agent-b"],
      expiresAt: null,
    });
    const b = normalizeMandateTerms({
      limits: [
        { currency: "EUR", perSettlement: 3, perDay: 4 },
        { currency: "USD", perSettlement: 1, perDay: 2 },
      ],
      allowedCounterparties: ["agent-a", "agent-b"],
      expiresAt: null,
    });
    expect(a.allowedCounterparties).toEqual(["agent-a", "agent-b"]);
    expect(hashMandate(a)).toBe(hashMandate(b));
    expect(hashMandate(a)).toMatch(/^0x[0-9a-f]{64}$/);
    expect(hashMandate({ ...a, expiresAt: "2027-01-01T00:00:00.000Z" })).not.toBe(hashMandate(a));
  });

  it("name every rule a settlement breaks", () => {
    const amount = { value: 300, currency: "USD" };
    const facts = { amount, counterparties: ["agent-x"], at: "2026-11-25T10:00:00.000Z" };
    const strict: TMandateTerms = {
      limits: [{ currency: "USD", perSettlement: 250, perDay: 1000 }],
      allowedCounterparties: ["agent-y"],
      expiresAt: "2026-11-25T10:00:00.000Z",
    };
    expect(mandateViolations({ terms: strict, ...facts, spentBefore: 800 })).toEqual([
      "mandate_expired",
      "mandate_limit_exceeded",
      "mandate_daily_limit_exceeded",
      "mandate_counterparty_not_allowed",
    ]);
    const loose: TMandateTerms = {
      limits: [{ currency: "USD", perSettlement: 300, perDay: 1000 }],
      allowedCounterparties: ["agent-x"],
      expiresAt: "2026-11-25T10:00:00.001Z",
    };
    expect(mandateViolations({ terms: loose, ...facts, spentBefore: 700 })).toEqual([]);
    expect(mandateViolations({ terms: loose, ...facts, spentBefore: 701 })).toEqual([
      "mandate_daily_limit_exceeded",
    ]);
    expect(
      mandateViolations({
        terms: loose,
        ...facts,
        amount: { value: 1, currency: "EUR" },
        spentBefore: 0,
      }),
    ).toEqual(["mandate_currency_not_allowed"]);
  });
});

describe("mandate evidence", () => {
  it("passes the policy check and replays identically when the settlement kept its mandate", () => {
    const draft = withMandate(375_000);
    expect(draft.evidence.map((record) => record.type)).toEqual([
      "negotiation_accepted",
      "mandate_checked",
      "settlement_executed",
      "payment_confirmed",
    ]);
    expect(policyOf(draft)).toEqual({ name: "policy", ok: true });
    const replay = replaySettlement({ receipt: recordedOf(draft), evidence: draft.evidence });
    expect(replay).toMatchObject({ deterministic: true, error: null, diff: [] });
  });

  it("receipts without a mandate record still pass", () => {
    const draft = draftReceipt();
    expect(draft.evidence[1]!.payload.mandate).toBeNull();
    expect(policyOf(draft)).toEqual({ name: "policy", ok: true });
    const legacy = draft.evidence.map((record) => {
      const { mandate: _mandate, ...payload } = record.payload;
      return { ...record, payload };
    });
    expect(
      evaluateMandateEvidence({
        evidence: legacy,
        amount: draft.receipt.amount,
        parties: draft.receipt.parties,
      }),
    ).toEqual({ ok: true, violations: [] });
  });

  it("a raised spentBefore, loosened terms or a dropped record fail the policy check and replay", () => {
    const draft = withMandate(0);
    const raised = rechain(
      draft.evidence.map((record) =>
        record.type === "mandate_checked"
          ? { ...record, payload: { ...record.payload, spentBefore: 400_000 } }
          : record,
      ),
    );
    expect(policyOf(draft, raised)).toMatchObject({
      ok: false,
      detail: expect.stringContaining("mandate_daily_limit_exceeded"),
    });
    const replayed = replaySettlement({ receipt: recordedOf(draft), evidence: raised });
    expect(replayed.deterministic).toBe(false);
    expect(replayed.replayed?.policy).toEqual({
      allowed: false,
      violations: ["mandate_daily_limit_exceeded"],
    });

    const loosened = rechain(
      draft.evidence.map((record) =>
        record.type === "mandate_checked"
          ? {
              ...record,
              payload: {
                ...record.payload,
                mandate: { ...terms, limits: [{ currency: "USD", perSettlement: 1, perDay: 1 }] },
              },
            }
          : record,
      ),
    );
    expect(policyOf(draft, loosened)?.detail).toContain("do not hash to its mandateHash");

    const dropped = rechain(draft.evidence.filter((record) => record.type !== "mandate_checked"));
    expect(policyOf(draft, dropped)?.detail).toContain("holds 0 mandate_checked records");
    const replay = replaySettlement({ receipt: recordedOf(draft), evidence: dropped });
    expect(replay.error).toContain("the mandate cannot be re-checked");
  });

  it("a mandate record for another payer does not count", () => {
    const draft = withMandate(0);
    const parties = draft.receipt.parties.map((party) =>
      party.role === "initiator" ? { ...party, agentId: "agent-someone-else" } : party,
    );
    const result = evaluateMandateEvidence({
      evidence: draft.evidence,
      amount: draft.receipt.amount,
      parties,
    });
    expect(result).toMatchObject({ ok: false, detail: expect.stringContaining("the payer is") });
  });
});
