import { verifyReceiptBundle } from "@agent-settlement/sdk";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { receipts } from "@/db/schema";
import type { TReceiptBundle } from "@/lib/attest";
import { resealBundle } from "@/lib/attest/fixtures";
import { newSigningKey, registerKey, signStatement } from "../support/agent-keys";
import { call, eventually } from "../support/api";
import { agentOf, negotiate, settled } from "../support/deals";
import { seedTenant, type TTestTenant } from "../support/tenant";

/*
 * The auditor's attack on a real cross-organization receipt: the payee (another organization)
 * signed 4,242 USD; the forger edits the receipt's facts and rebuilds attestHash. The verifier
 * must refuse it by the `terms` check, offline (the SDK) and through the API alike; only the
 * log's `inclusion` objects besides.
 */

let payerOrg: TTestTenant;
let payeeOrg: TTestTenant;
let bundle: TReceiptBundle;
let jwks: unknown;

beforeAll(async () => {
  [payerOrg, payeeOrg] = await Promise.all([seedTenant(), seedTenant()]);
  const payer = await agentOf(payerOrg.keys.sandbox, { name: "Payer" });
  const payee = await agentOf(payeeOrg.keys.sandbox, { name: "Payee" });
  const helper = await agentOf(payerOrg.keys.sandbox, { name: "Helper" });
  const signer = newSigningKey();
  const kid = await registerKey(payeeOrg.keys.sandbox, payee, signer);
  const terms = {
    amount: { value: 4242, currency: "USD" },
    splits: [
      { agentId: payee, amount: 3000 },
      { agentId: helper, amount: 1242 },
    ],
    description: null,
  };
  const negotiation = await negotiate(payerOrg.keys.sandbox, {
    initiatorAgentId: payer,
    responders: [payee, helper],
    terms,
  });
  const signature = await signStatement({
    signer,
    kid,
    statement: { negotiationId: negotiation.id, round: 1, action: "accept", terms },
  });
  for (const [key, agentId, extra] of [
    [payeeOrg.keys.sandbox, payee, { signature }],
    [payerOrg.keys.sandbox, helper, {}],
  ] as const) {
    const accepted = await call("POST", `/negotiations/${negotiation.id}/respond`, {
      key,
      body: { agentId, action: "accept", ...extra },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  }
  const settlement = await call("POST", "/settlements", {
    key: payerOrg.keys.sandbox,
    body: { negotiationId: negotiation.id },
  });
  expect(settlement.status).toBe(201);
  await call("POST", `/settlements/${settlement.body.id}/execute`, {
    key: payerOrg.keys.sandbox,
    body: {},
  });
  expect((await settled(payerOrg.keys.sandbox, settlement.body.id)).status).toBe("executed");
  bundle = await eventually(async () => {
    const listed = await call("GET", `/receipts?settlementId=${settlement.body.id}`, {
      key: payerOrg.keys.sandbox,
    });
    const exported = await call("GET", `/receipts/${listed.body.data[0]?.id}/bundle`, {
      key: payerOrg.keys.sandbox,
    });
    expect(exported.status).toBe(200);
    return exported.body as TReceiptBundle;
  }, 15_000);
  jwks = (await call("GET", "/.well-known/jwks.json")).body;
});
afterAll(() => Promise.all([payerOrg.remove(), payeeOrg.remove()]));

const failing = (checks: { name: string; ok: boolean }[]) =>
  checks.filter((c) => !c.ok).map((c) => c.name);
const detailOf = (checks: { name: string; detail?: string }[], name: string) =>
  checks.find((c) => c.name === name)?.detail;

const verifyThroughApi = async (receiptId: string) => {
  const verified = await call("POST", `/receipts/${receiptId}/verify`, {
    key: payerOrg.keys.sandbox,
    body: {},
  });
  expect(verified.status).toBe(200);
  return verified.body as {
    status: string;
    checks: { name: string; ok: boolean; detail?: string }[];
  };
};

/** The forged receipt written over the stored one; returns how to put the original back. */
async function storeForged(forged: TReceiptBundle) {
  const [original] = await db.select().from(receipts).where(eq(receipts.id, forged.id));
  await db
    .update(receipts)
    .set({
      amountValue: forged.amount.value,
      currency: forged.amount.currency,
      parties: forged.parties,
      attestHash: forged.attestHash,
    })
    .where(eq(receipts.id, forged.id));
  return () => db.update(receipts).set(original!).where(eq(receipts.id, forged.id));
}

const forgeries: [string, (forged: TReceiptBundle) => void, RegExp][] = [
  [
    "the amount and the parties raised to 9,999",
    (forged) => {
      forged.amount.value = 9999;
      forged.parties[0]!.amount = 9999;
      forged.parties[1]!.amount = 8757;
    },
    /^\$\.amount\.value is 9999 on the receipt, 4242 in the terms of transcript record ev-/,
  ],
  [
    "the payee swapped for another agent",
    (forged) => {
      forged.parties[1]!.agentId = "agent-mallory";
    },
    /^\$\.parties\[1\]\.agentId is "agent-mallory" on the receipt, "agent-\S+" in the terms of /,
  ],
  [
    "the shares of the two payees changed, the total kept",
    (forged) => {
      forged.parties[1]!.amount -= 1000;
      forged.parties[2]!.amount += 1000;
    },
    /^\$\.parties\[1\]\.amount is 2000 on the receipt, 3000 in the terms of /,
  ],
];

describe("a receipt re-hashed over other terms", () => {
  test("the genuine receipt verifies, with the terms check, offline and through the API", async () => {
    expect(bundle.attest.formatVersion).toBe(3);
    expect(bundle.amount).toEqual({ value: 4242, currency: "USD" });
    const offline = await verifyReceiptBundle(structuredClone(bundle), jwks);
    expect(offline.status).toBe("valid");
    expect(offline.checks).toContainEqual({ name: "terms", ok: true });
    const online = await verifyThroughApi(bundle.id);
    expect(online.status).toBe("valid");
    expect(online.checks).toContainEqual({ name: "terms", ok: true });
  });

  for (const [name, edit, detail] of forgeries) {
    test(`${name}: refused by terms, offline and through the API`, async () => {
      const forged = structuredClone(bundle);
      edit(forged);
      resealBundle(forged);
      expect(forged.attestHash).not.toBe(bundle.attestHash);

      const offline = await verifyReceiptBundle(forged, jwks);
      expect(offline.status).toBe("invalid");
      expect(failing(offline.checks)).toEqual(["terms", "inclusion"]);
      expect(detailOf(offline.checks, "terms")).toMatch(detail);

      const restore = await storeForged(forged);
      try {
        const online = await verifyThroughApi(bundle.id);
        expect(online.status).toBe("invalid");
        expect(failing(online.checks)).toEqual(["terms", "inclusion"]);
        expect(detailOf(online.checks, "terms")).toMatch(detail);
      } finally {
        await restore();
      }
      expect((await verifyThroughApi(bundle.id)).status).toBe("valid");
    });
  }
});
