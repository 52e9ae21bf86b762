import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, eventually } from "../support/api";
import { agentOf, negotiate, settled } from "../support/deals";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

describe("from negotiation to a verified receipt, through the API and the background runner", () => {
  test("an executed settlement's receipt is sealed valid, verifies, and replays identically", async () => {
    const key = tenant.keys.sandbox;
    const payer = await agentOf(key);
    const [first, second] = [await agentOf(key), await agentOf(key)];
    const negotiation = await negotiate(key, {
      initiatorAgentId: payer,
      responders: [first, second],
      terms: {
        amount: { value: 9000, currency: "EUR" },
        splits: [
          { agentId: first, amount: 6000 },
          { agentId: second, amount: 3000 },
        ],
      },
    });
    for (const agentId of [first, second]) {
      const answered = await call("POST", `/negotiations/${negotiation.id}/respond`, {
        key,
        body: { agentId, action: "accept" },
      });
      expect(answered.status).toBe(200);
    }
    const settlement = await call("POST", "/settlements", {
      key,
      body: { negotiationId: negotiation.id },
    });
    expect(settlement.status).toBe(201);
    const executing = await call("POST", `/settlements/${settlement.body.id}/execute`, {
      key,
      body: {},
    });
    expect(executing.status).toBe(202);
    expect((await settled(key, settlement.body.id)).status).toBe("executed");

    const receipt = await eventually(async () => {
      const listed = await call("GET", `/receipts?settlementId=${settlement.body.id}`, { key });
      expect(listed.body.data).toHaveLength(1);
      const full = await call("GET", `/receipts/${listed.body.data[0].id}`, { key });
      expect(full.body.status).toBe("valid");
      return full.body;
    }, 15_000);
    expect(receipt).toMatchObject({
      settlementId: settlement.body.id,
      negotiationId: negotiation.id,
      amount: { value: 9000, currency: "EUR" },
      parties: [
        { agentId: payer, role: "initiator", amount: 9000 },
        { agentId: first, role: "responder", amount: 6000 },
        { agentId: second, role: "responder", amount: 3000 },
      ],
      attest: { algorithm: "SHA-256", status: "valid", proof: { deterministic: true } },
    });
    // The transcript (the proposal and two acceptances), then what the settlement did.
    expect(receipt.attest.formatVersion).toBe(3);
    expect(receipt.attest.proof.evidenceChain).toHaveLength(6);

    const verified = await call("POST", `/receipts/${receipt.id}/verify`, {
      key,
      body: { includeEvidence: true, recomputeHash: true },
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      receiptId: receipt.id,
      status: "valid",
      attestHash: receipt.attestHash,
      hashMatch: true,
      policyCompliant: true,
    });
    expect(verified.body.evidence.map((record: { type: string }) => record.type)).toEqual([
      "negotiation_step",
      "negotiation_step",
      "negotiation_step",
      "negotiation_accepted",
      "settlement_executed",
      "payment_confirmed",
    ]);

    const replay = await call("POST", "/attest/replay", {
      key,
      body: { settlementId: settlement.body.id },
    });
    expect(replay.status).toBe(200);
    expect(replay.body.deterministic, JSON.stringify(replay.body)).toBe(true);
  });
});
