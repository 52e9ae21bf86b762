import { verifyReceiptBundle } from "@agent-settlement/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, eventually } from "../support/api";
import { pendingSettlement, settled } from "../support/deals";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";

/*
 * A settlement between two organizations: the payer's organization owns it and its receipt, the
 * payee's sees the settlement. Both read, export, investigate and verify the receipt; an
 * organization outside the deal gets 404 on each.
 */

let payerOrg: TTestTenant;
let payeeOrg: TTestTenant;
let stranger: TTestTenant;
let settlementId: string;
let receiptId: string;

beforeAll(async () => {
  [payerOrg, payeeOrg, stranger] = await Promise.all([seedTenant(), seedTenant(), seedTenant()]);
  const { settlement } = await pendingSettlement(payerOrg.keys.sandbox, {
    value: 4242,
    payeeKey: payeeOrg.keys.sandbox,
  });
  settlementId = settlement.id;
  await call("POST", `/settlements/${settlementId}/execute`, {
    key: payerOrg.keys.sandbox,
    body: {},
  });
  expect((await settled(payerOrg.keys.sandbox, settlementId)).status).toBe("executed");
  receiptId = await eventually(async () => {
    const listed = await call("GET", `/receipts?settlementId=${settlementId}`, {
      key: payerOrg.keys.sandbox,
    });
    expect(listed.body.data[0]?.status).toBe("valid");
    return listed.body.data[0].id as string;
  }, 15_000);
});
afterAll(() => Promise.all([payerOrg.remove(), payeeOrg.remove(), stranger.remove()]));

const read = {
  get: (key: string) => call("GET", `/receipts/${receiptId}`, { key }),
  bundle: (key: string) => call("GET", `/receipts/${receiptId}/bundle`, { key }),
  verify: (key: string) => call("POST", `/receipts/${receiptId}/verify`, { key, body: {} }),
  attestVerify: (key: string) => call("POST", "/attest/verify", { key, body: { settlementId } }),
  replay: (key: string) => call("POST", "/attest/replay", { key, body: { receiptId } }),
  list: (key: string) => call("GET", `/receipts?settlementId=${settlementId}`, { key }),
};

describe("a cross-organization settlement's receipt", () => {
  test.each([
    ["the payer's organization", () => payerOrg],
    ["the payee's organization", () => payeeOrg],
  ])("%s reads, exports, investigates and verifies it", async (_who, org) => {
    const key = org().keys.sandbox;
    const receipt = await read.get(key);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({
      id: receiptId,
      settlementId,
      amount: { value: 4242, currency: "USD" },
      status: "valid",
    });

    const bundle = await read.bundle(key);
    expect(bundle.status).toBe(200);
    const jwks = (await call("GET", "/.well-known/jwks.json")).body;
    const offline = await verifyReceiptBundle(bundle.body, jwks);
    expect(offline.status).toBe("valid");
    expect(offline.checks.filter((c) => !c.ok)).toEqual([]);

    for (const evidenceId of bundle.body.attest.proof.evidenceChain as string[]) {
      const evidence = await call("GET", `/attest/evidence/${evidenceId}`, { key });
      expect(evidence.status).toBe(200);
      expect(evidence.body).toMatchObject({
        id: evidenceId,
        settlementId,
        valid: true,
        receipt: { id: receiptId, inChain: true },
      });
    }

    const verified = await read.verify(key);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ receiptId, status: "valid", hashMatch: true });
    const integrity = await read.attestVerify(key);
    expect(integrity.status).toBe(200);
    expect(integrity.body.checks.filter((c: { ok: boolean }) => !c.ok)).toEqual([]);
    const replayed = await read.replay(key);
    expect(replayed.status).toBe(200);
    expect(replayed.body.deterministic).toBe(true);

    const listed = await read.list(key);
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([receiptId]);
    const newest = await call("GET", "/receipts?limit=1", { key });
    expect(newest.body.data.map((r: { id: string }) => r.id)).toEqual([receiptId]);
  });

  test("an organization outside the deal gets 404 on each, and lists none of it", async () => {
    const key = stranger.keys.sandbox;
    expect((await call("GET", `/settlements/${settlementId}`, { key })).status).toBe(404);
    expectError(await read.get(key), 404, "not_found");
    expectError(await read.bundle(key), 404, "not_found");
    expectError(await read.verify(key), 404, "not_found");
    expectError(await read.attestVerify(key), 404, "not_found");
    expectError(await read.replay(key), 404, "not_found");
    const bundle = await read.bundle(payerOrg.keys.sandbox);
    for (const evidenceId of bundle.body.attest.proof.evidenceChain as string[]) {
      expectError(await call("GET", `/attest/evidence/${evidenceId}`, { key }), 404, "not_found");
    }
    expect((await read.list(key)).body.data).toEqual([]);
    // Nor does the payer's organization see it from the other environment.
    const production = await call("GET", `/receipts/${receiptId}`, {
      key: payerOrg.keys.production,
      environment: "production",
    });
    expectError(production, 404, "not_found");
  });
});
