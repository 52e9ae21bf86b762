import { describe, expect, it } from "vitest";
import { buildEvidenceRecord } from "./evidence-chain";
import { draftReceipt } from "./fixtures";
import { evaluatePolicy } from "./policy-engine";
import { replaySettlement } from "./replay";
import type { TEvidenceRecord } from "./schemas";
import { computeParties } from "./settlement-parties";

const recordedOf = (draft: ReturnType<typeof draftReceipt>) => ({
  ...draft.receipt,
  formatVersion: 1 as const,
  policySnapshot: draft.receipt.attest.proof.policySnapshot,
});

/** Rebuilds a chain after editing payloads, as a forger with no log access could. */
const rechain = (records: TEvidenceRecord[]) => {
  const out: TEvidenceRecord[] = [];
  for (const record of records) {
    out.push(buildEvidenceRecord({ ...record, previous: out.at(-1) ?? null }).record);
  }
  return out;
};

describe("replaySettlement", () => {
  it("reproduces every fixture's outcome and hash, identically on every run", () => {
    for (const responderCount of [1, 2, 3] as const) {
      const draft = draftReceipt({ responderCount, value: 100_003 });
      const first = replaySettlement({ receipt: recordedOf(draft), evidence: draft.evidence });
      expect(first.error).toBeNull();
      expect(first.diff).toEqual([]);
      expect(first.deterministic).toBe(true);
      expect(first.replayed?.attestHash).toBe(draft.receipt.attestHash);
      expect(first.steps.map((step) => `${step.from}>${step.to}`)).toEqual([
        "none>pending",
        "pending>executing",
        "executing>executed",
      ]);
      expect(replaySettlement({ receipt: recordedOf(draft), evidence: draft.evidence })).toEqual(
        first,
      );
    }
  });

  it("reports a changed share as a diff, with the hash still the recorded facts'", () => {
    const draft = draftReceipt({ responderCount: 2 });
    const receipt = recordedOf(draft);
    receipt.parties = receipt.parties.map((party, i) =>
      i === 2 ? { ...party, amount: party.amount + 5 } : party,
    );
    const result = replaySettlement({ receipt, evidence: draft.evidence });
    expect(result.deterministic).toBe(false);
    expect(result.diff).toEqual([
      {
        path: "$.parties[2].amount",
        recorded: receipt.parties[2]!.amount,
        replayed: receipt.parties[2]!.amount - 5,
      },
    ]);
  });

  it("re-evaluates the policy: a recorded decision the rules do not give is a diff", () => {
    const draft = draftReceipt({ value: 5_000 });
    const evidence = structuredClone(draft.evidence);
    const inputs = evidence[1]!.payload.policyInputs as { payerVolume24h: number };
    inputs.payerVolume24h = 499_999_000;
    const result = replaySettlement({ receipt: recordedOf(draft), evidence: rechain(evidence) });
    expect(result.deterministic).toBe(false);
    const paths = result.diff.map((entry) => entry.path);
    expect(paths).toContain("$.policy.allowed");
    expect(paths).toContain("$.status");
    expect(paths).toContain("$.attestHash");
  });

  it("cannot replay a broken chain, records out of order, or an unknown policy version", () => {
    const draft = draftReceipt();
    const broken = structuredClone(draft.evidence);
    broken[0]!.payload.round = 9;
    expect(replaySettlement({ receipt: recordedOf(draft), evidence: broken }).error).toMatch(
      /evidence chain is broken/,
    );
    const reordered = rechain([draft.evidence[1]!, draft.evidence[0]!, draft.evidence[2]!]);
    expect(replaySettlement({ receipt: recordedOf(draft), evidence: reordered }).error).toMatch(
      /cannot follow state none/,
    );
    const unknown = structuredClone(draft.evidence);
    unknown[1]!.payload.policyVersion = "pol-standard@v7";
    const result = replaySettlement({ receipt: recordedOf(draft), evidence: rechain(unknown) });
    expect(result.error).toBe("unknown policy version pol-standard@v7");
    expect(result.deterministic).toBe(false);
  });

  it("names the missing input when a record lacks what replay reads", () => {
    const draft = draftReceipt();
    const evidence = structuredClone(draft.evidence);
    delete evidence[0]!.payload.initiatorAgentId;
    const result = replaySettlement({ receipt: recordedOf(draft), evidence: rechain(evidence) });
    expect(result.error).toMatch(
      /negotiation_accepted\) lacks replay input payload\.initiatorAgentId/,
    );
  });
});

describe("computeParties and evaluatePolicy", () => {
  const amount = { value: 90, currency: "USD" };
  it("splits equally only when the amount divides evenly", () => {
    expect(
      computeParties({ initiatorAgentId: "agent-i", responders: ["agent-a", "agent-b"], amount }),
    ).toEqual({
      ok: true,
      parties: [
        { agentId: "agent-i", role: "initiator", amount: 90 },
        { agentId: "agent-a", role: "responder", amount: 45 },
        { agentId: "agent-b", role: "responder", amount: 45 },
      ],
    });
    const uneven = computeParties({
      initiatorAgentId: "agent-i",
      responders: ["a", "b", "c", "d"],
      amount,
    });
    expect(uneven).toEqual({ ok: false, detail: "90 does not divide evenly among 4 responders" });
    const short = computeParties({
      initiatorAgentId: "agent-i",
      responders: ["agent-a"],
      amount,
      splits: [{ agentId: "agent-a", amount: 80 }],
    });
    expect(short).toEqual({ ok: false, detail: "splits sum to 80, the amount is 90" });
  });

  it("lists every violation of pol-standard@v1 and knows no other version", () => {
    const parties = [
      { agentId: "agent-i", role: "initiator" as const, amount: 90 },
      { agentId: "agent-a", role: "responder" as const, amount: 90 },
    ];
    const decision = evaluatePolicy({
      policyVersion: "pol-standard@v1",
      amount: { value: 90, currency: "CHF" },
      parties,
      inputs: {
        allowedCurrencies: ["USD"],
        perSettlementLimit: 50,
        perDayLimit: 100,
        payerVolume24h: 20,
      },
    });
    expect(decision).toEqual({
      allowed: false,
      violations: [
        "policy_currency_not_allowed",
        "policy_limit_exceeded",
        "policy_daily_limit_exceeded",
      ],
    });
    expect(
      evaluatePolicy({
        policyVersion: "pol-standard@v2",
        amount,
        parties,
        inputs: {
          allowedCurrencies: ["USD"],
          perSettlementLimit: null,
          perDayLimit: null,
          payerVolume24h: 0,
        },
      }),
    ).toBeNull();
  });
});
