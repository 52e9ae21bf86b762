import { beforeAll, describe, expect, it } from "vitest";
import { buildAttestedLog, resealBundle } from "./fixtures";
import type { TReceiptBundle } from "./schemas";
import { createTreeHeadVerifier } from "./tree-head-cache";
import { type TReceiptBundleVerification, verifyReceiptBundle } from "./verify-receipt";

/*
 * A forger who edits a receipt's facts and rebuilds its hash (and, when it edits evidence, the
 * chain) is caught by the log; these tests show the facts themselves are refused too, by name,
 * in both receipt formats. Bundle 0 has one responder, bundle 1 two, bundle 2 three.
 */

type TLog = Awaited<ReturnType<typeof buildAttestedLog>>;
const logs: Record<1 | 2, TLog> = {} as Record<1 | 2, TLog>;

beforeAll(async () => {
  logs[1] = await buildAttestedLog({ receiptCount: 3, formatVersion: 1 });
  logs[2] = await buildAttestedLog({ receiptCount: 3, formatVersion: 2 });
});

const verify = async (format: 1 | 2, bundle: TReceiptBundle) =>
  await verifyReceiptBundle({
    bundle,
    jwks: logs[format].jwks,
    treeHeads: createTreeHeadVerifier(),
  });
const failed = (result: TReceiptBundleVerification) =>
  result.checks.filter((c) => !c.ok).map((c) => c.name);
const detail = (result: TReceiptBundleVerification, name: string) =>
  result.checks.find((c) => c.name === name)?.detail;

describe.each([1, 2] as const)("the terms check, receipt format %i", (format) => {
  const clone = (index: number): TReceiptBundle => structuredClone(logs[format].bundles[index]!);

  it("passes on genuine receipts, between attest_hash and policy", async () => {
    for (const bundle of logs[format].bundles) {
      const result = await verify(format, bundle);
      expect(result.status).toBe("valid");
      const names = result.checks.map((c) => c.name);
      expect(names.slice(2, 5)).toEqual(["attest_hash", "terms", "policy"]);
      expect(result.checks).toContainEqual({ name: "terms", ok: true });
    }
  });

  it("refuses an amount and parties raised together, with the attest hash rebuilt", async () => {
    const bundle = clone(0);
    const signed = bundle.amount.value;
    bundle.amount.value = 9_999;
    for (const party of bundle.parties) party.amount = 9_999;
    resealBundle(bundle);
    const result = await verify(format, bundle);
    expect(result.status).toBe("invalid");
    // Consistent in itself, so the hash and the policy pass: only the terms and the log object.
    expect(failed(result)).toEqual(["terms", "inclusion"]);
    expect(detail(result, "terms")).toMatch(
      new RegExp(`^\\$\\.amount\\.value is 9999 on the receipt, ${signed} in the terms of `),
    );
  });

  it("refuses another currency", async () => {
    const bundle = clone(0);
    bundle.amount.currency = "EUR";
    resealBundle(bundle);
    const result = await verify(format, bundle);
    expect(failed(result)).toEqual(["terms", "inclusion"]);
    expect(detail(result, "terms")).toMatch(/^\$\.amount\.currency is "EUR" on the receipt, "USD"/);
  });

  it("refuses a payee swapped for another agent", async () => {
    const bundle = clone(1);
    const payee = bundle.parties[1]!.agentId;
    bundle.parties[1]!.agentId = "agent-mallory";
    resealBundle(bundle);
    const result = await verify(format, bundle);
    expect(failed(result)).toEqual(["terms", "inclusion"]);
    expect(detail(result, "terms")).toMatch(
      new RegExp(`^\\$\\.parties\\[1\\]\\.agentId is "agent-mallory" on the receipt, "${payee}"`),
    );
  });

  it("refuses shares moved between payees, the total unchanged", async () => {
    const bundle = clone(2);
    bundle.parties[1]!.amount += 100;
    bundle.parties[2]!.amount -= 100;
    resealBundle(bundle);
    const result = await verify(format, bundle);
    expect(failed(result)).toEqual(["terms", "inclusion"]);
    expect(detail(result, "terms")).toMatch(/^\$\.parties\[1\]\.amount is \d+ on the receipt/);
  });

  it("refuses payer and payee trading places", async () => {
    const bundle = clone(0);
    const [payer, payee] = bundle.parties;
    [payer!.agentId, payee!.agentId] = [payee!.agentId, payer!.agentId];
    resealBundle(bundle);
    const result = await verify(format, bundle);
    expect(failed(result)).toEqual(["terms", "inclusion"]);
    expect(detail(result, "terms")).toMatch(/^\$\.parties\[0\]\.agentId is /);
  });

  it("refuses a receipt whose evidence holds no accepted terms", async () => {
    const bundle = clone(0);
    bundle.attest.evidence = bundle.attest.evidence.filter(
      (record) => record.type !== "negotiation_accepted",
    );
    resealBundle(bundle);
    const result = await verify(format, bundle);
    expect(failed(result)).toContain("terms");
    expect(detail(result, "terms")).toMatch(/no readable negotiation_accepted record/);
  });
});

describe("the terms check of format 2 reads the transcript", () => {
  const clone = (index: number): TReceiptBundle => structuredClone(logs[2].bundles[index]!);
  const accepted = (bundle: TReceiptBundle) =>
    bundle.attest.evidence.find((record) => record.type === "negotiation_accepted")!.payload;

  it("refuses roles rewritten in negotiation_accepted and the receipt alike", async () => {
    const bundle = clone(0);
    const [payer, payee] = bundle.parties;
    const payload = accepted(bundle);
    payload.initiatorAgentId = payee!.agentId;
    payload.responders = [payer!.agentId];
    (payload.terms as { splits: unknown[] }).splits = [
      { agentId: payer!.agentId, amount: payee!.amount },
    ];
    [payer!.agentId, payee!.agentId] = [payee!.agentId, payer!.agentId];
    resealBundle(bundle);
    const result = await verify(2, bundle);
    // The re-chained evidence and the receipt agree; the transcript says who proposed and to whom.
    expect(failed(result)).toEqual(["terms", "agreement", "inclusion"]);
    expect(detail(result, "terms")).toMatch(/in the terms of transcript record ev-/);
  });

  it("refuses negotiation_accepted that names other payees than the transcript", async () => {
    const bundle = clone(0);
    accepted(bundle).initiatorAgentId = "agent-mallory";
    resealBundle(bundle);
    const result = await verify(2, bundle);
    expect(failed(result)).toEqual(["terms", "inclusion"]);
    expect(detail(result, "terms")).toMatch(
      /^\$\.parties\[0\]\.agentId is "agent-\S+" on the receipt, "agent-mallory" in the terms of record ev-\S+ \(negotiation_accepted\)$/,
    );
  });
});

describe("the policy check replays the recorded decision", () => {
  const clone = (): TReceiptBundle => structuredClone(logs[1].bundles[0]!);
  const executed = (bundle: TReceiptBundle) =>
    bundle.attest.evidence.find((record) => record.type === "settlement_executed")!.payload;

  it("refuses a recorded decision the policy does not reach on the recorded inputs", async () => {
    const bundle = clone();
    executed(bundle).policyDecision = { allowed: true, violations: ["policy_limit_exceeded"] };
    resealBundle(bundle);
    const result = await verify(1, bundle);
    expect(failed(result)).toEqual(["policy", "inclusion"]);
    expect(detail(result, "policy")).toMatch(
      /records the decision \{"allowed":true,"violations":\["policy_limit_exceeded"\]\}; pol-standard@v1 on its inputs decides \{"allowed":true,"violations":\[\]\}$/,
    );
  });

  it("refuses a settlement the recorded inputs did not allow, its decision rewritten to match", async () => {
    const bundle = clone();
    const payload = executed(bundle);
    payload.policyInputs = { ...(payload.policyInputs as object), perSettlementLimit: 10 };
    payload.policyDecision = { allowed: false, violations: ["policy_limit_exceeded"] };
    resealBundle(bundle);
    const result = await verify(1, bundle);
    expect(failed(result)).toEqual(["policy", "inclusion"]);
    expect(detail(result, "policy")).toBe(
      "pol-standard@v1 refused the settlement: policy_limit_exceeded",
    );
  });

  it("refuses evidence without the inputs to replay", async () => {
    const bundle = clone();
    delete executed(bundle).policyInputs;
    resealBundle(bundle);
    const result = await verify(1, bundle);
    expect(failed(result)).toEqual(["policy", "inclusion"]);
    expect(detail(result, "policy")).toMatch(/lacks replay input payload\.policyInputs/);
  });
});
