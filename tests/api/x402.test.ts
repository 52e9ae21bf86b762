import { verifyReceiptBundle } from "@agent-settlement/sdk";
import { x402ClientScheme, x402Facilitator, x402Network } from "@agent-settlement/sdk/x402";
import { HTTPFacilitatorClient } from "@x402/core/http";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { and, eq, inArray, sql } from "drizzle-orm";
import { CompactSign } from "jose";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { ledgerTransfers, outbox, settlements, x402Payments } from "@/db/schema";
import type { TEvidenceRecord } from "@/lib/attest";
import { resealBundle } from "@/lib/attest/fixtures";
import { settlementExecuteRequested } from "@/lib/settlements/jobs";
import { paymentStatementText } from "@/lib/x402/payment-statement";
import { newSigningKey, registerKey, type TSigningKey } from "../support/agent-keys";
import { call, eventually } from "../support/api";
import { agentOf } from "../support/deals";
import { runCommonRouteTests } from "../support/route-tests";
import { seedTenant, type TTestTenant } from "../support/tenant";
import { sandboxRequirements, startX402Shop } from "../support/x402-shop";

/*
 * The x402 facilitator end to end: a merchant's Express server with the official middleware and
 * HTTPFacilitatorClient pointed at this service, an agent paying with the official fetch wrapper
 * and the SDK's scheme, real PostgreSQL behind both.
 */

const network = x402Network("sandbox");
const PRICE = 250;

let merchant: TTestTenant;
let payerOrg: TTestTenant;
let payee: string;
let payer: string;
let signer: TSigningKey;
let keyId: string;
let shop: Awaited<ReturnType<typeof startX402Shop>>;
let shopUrl: string;
let facilitator: HTTPFacilitatorClient;

const privateJwk = (key: TSigningKey) => key.privateKey.export({ format: "jwk" }) as JsonWebKey;

const balanceOf = async (key: string, agentId: string) => {
  const wallet = await call("GET", `/agents/${agentId}/wallet`, { key });
  expect(wallet.status).toBe(200);
  return (
    (wallet.body.balances as { currency: string; balance: number }[]).find(
      (b) => b.currency === "USD",
    )?.balance ?? 0
  );
};

const balances = async () => ({
  payer: await balanceOf(payerOrg.keys.sandbox, payer),
  payee: await balanceOf(merchant.keys.sandbox, payee),
});

const paymentsOf = (agentId: string) =>
  db.select().from(x402Payments).where(eq(x402Payments.payerAgentId, agentId));

const requirements = (overrides: Partial<PaymentRequirements> = {}): PaymentRequirements => ({
  ...sandboxRequirements({ payTo: payee, price: PRICE }),
  ...overrides,
});

/** A payment as the SDK's client scheme makes it, for the requirements. */
async function paymentFor(
  required: PaymentRequirements,
  scheme = x402ClientScheme({ agentId: payer, keyId, privateKey: privateJwk(signer) }),
): Promise<PaymentPayload> {
  const { payload } = await scheme.createPaymentPayload(2, required);
  return { x402Version: 2, accepted: required, payload };
}

/** A payment signed by hand, for statements the SDK would never make (an expired one). */
async function signedPayment(
  required: PaymentRequirements,
  expiresAt: string,
  { nonce = `nonce-${crypto.randomUUID()}`, kid = keyId } = {},
) {
  const text = paymentStatementText({ requirements: required, payer, nonce, expiresAt });
  const jws = await new CompactSign(new TextEncoder().encode(text))
    .setProtectedHeader({ alg: "EdDSA", kid })
    .sign(signer.privateKey);
  return { x402Version: 2, accepted: required, payload: { jws } } satisfies PaymentPayload;
}

beforeAll(async () => {
  merchant = await seedTenant();
  payerOrg = await seedTenant();
  payee = await agentOf(merchant.keys.sandbox, { name: "Report shop" });
  payer = await agentOf(payerOrg.keys.sandbox, { name: "Buyer" });
  signer = newSigningKey("EdDSA");
  keyId = await registerKey(payerOrg.keys.sandbox, payer, signer);
  const funded = await call("POST", `/agents/${payer}/wallet/fund`, {
    key: payerOrg.keys.sandbox,
    body: { amount: { value: 10_000, currency: "USD" } },
  });
  expect(funded.status).toBe(200);

  facilitator = new HTTPFacilitatorClient(
    x402Facilitator({ apiKey: merchant.keys.sandbox, baseUrl: inject("baseUrl") }),
  );
  shop = await startX402Shop({ merchantKey: merchant.keys.sandbox, payTo: payee, price: PRICE });
  shopUrl = shop.url;
});

afterAll(async () => {
  await shop?.close();
  await merchant?.remove();
  await payerOrg?.remove();
});

describe("x402 facilitator", () => {
  test("supported names the exact scheme on this environment's network", async () => {
    expect(await facilitator.getSupported()).toEqual({
      kinds: [{ x402Version: 2, scheme: "exact", network: "agent-settlement:sandbox" }],
      extensions: [],
      signers: {},
    });
  });

  test("an agent pays for a resource: 402, then paid, then 200 with a receipt that verifies offline", async () => {
    const unpaid = await fetch(`${shopUrl}/report`);
    expect(unpaid.status).toBe(402);
    const before = await balances();

    const client = x402Client.fromConfig({
      schemes: [
        {
          network,
          client: x402ClientScheme({ agentId: payer, keyId, privateKey: privateJwk(signer) }),
        },
      ],
      spendControls: { maxAmountPerPayment: "$5" },
    });
    const paid = await wrapFetchWithPayment(fetch, client)(`${shopUrl}/report`);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ report: "all quiet" });
    const settled = decodePaymentResponseHeader(paid.headers.get("PAYMENT-RESPONSE")!);
    expect(settled).toMatchObject({ success: true, network, payer });
    const settlementId = settled.transaction;
    const { receiptId, attestHash } = settled.extra as Record<string, string>;

    expect(await balances()).toEqual({ payer: before.payer - PRICE, payee: before.payee + PRICE });
    const [payment] = await paymentsOf(payer);
    expect(payment).toMatchObject({
      organizationId: merchant.organizationId,
      payToAgentId: payee,
      amountValue: PRICE,
      settlementId,
      resourceUrl: `${shopUrl}/report`,
    });
    const [row] = await db.select().from(settlements).where(eq(settlements.id, settlementId));
    expect(row).toMatchObject({ status: "executed", adapter: "ledger", payerAgentId: payer });
    // The settle executed it itself and withdrew the execution job it had written as fallback.
    const jobs = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.data}->>'settlementId' = ${settlementId}`);
    expect(jobs.map((job) => job.name)).not.toContain(settlementExecuteRequested);
    // Both organizations see it, and both get its events.
    for (const key of [merchant.keys.sandbox, payerOrg.keys.sandbox]) {
      expect((await call("GET", `/settlements/${settlementId}`, { key })).status).toBe(200);
      const events = await call("GET", `/events?objectId=${settlementId}`, { key });
      expect(events.body.data.map((event: { type: string }) => event.type).sort()).toEqual([
        "settlement.created",
        "settlement.executed",
      ]);
    }

    const bundle = await eventually(async () => {
      // The receipt is the payer organization's, as for any settlement it executes.
      const found = await call("GET", `/receipts/${receiptId}/bundle`, {
        key: payerOrg.keys.sandbox,
      });
      expect(found.status).toBe(200);
      return found.body;
    }, 15_000);
    const jwks = (await call("GET", "/.well-known/jwks.json")).body;
    const verified = await verifyReceiptBundle(bundle, jwks);
    expect(verified.checks.filter((check) => !check.ok)).toEqual([]);
    expect(verified).toMatchObject({ status: "valid", attestHash });
    // The payer's own x402 JWS is in the transcript: the receipt proves the payer signed.
    expect(verified.checks).toContainEqual({
      name: "agreement",
      ok: true,
      detail: `final terms signed by ${payer} (signatures required: none)`,
    });
    const proposal = bundle.attest.evidence.find(
      (record: TEvidenceRecord) => record.type === "negotiation_step",
    );
    expect(proposal.payload.signature).toMatchObject({ keyId, signs: "x402_payment" });

    // Whoever rebuilds the receipt over a larger amount keeps a JWS that paid the real one.
    const forged = structuredClone(bundle);
    const raised = PRICE * 10;
    forged.amount.value = raised;
    for (const party of forged.parties) party.amount = party.amount > 0 ? raised : -raised;
    for (const record of forged.attest.evidence) {
      const terms = record.payload.terms;
      if (!terms) continue;
      terms.amount.value = raised;
      terms.splits[0].amount = raised;
    }
    resealBundle(forged);
    const refused = await verifyReceiptBundle(forged, jwks);
    expect(refused.checks.find((check) => check.name === "agreement")).toEqual({
      name: "agreement",
      ok: false,
      detail: expect.stringMatching(
        new RegExp(
          `the x402 payment pays ${PRICE} USD to ${payee} by ${payer}, the terms ${raised} USD`,
        ),
      ),
    });
    expect(refused.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual([
      "agreement",
      "inclusion",
    ]);
  });

  describe("refuses with x402's reason and moves no money", () => {
    const refused = async (
      payment: PaymentPayload,
      required: PaymentRequirements,
      reason: string,
    ) => {
      const before = { ...(await balances()), payments: (await paymentsOf(payer)).length };
      const verified = await facilitator.verify(payment, required);
      expect(verified).toMatchObject({ isValid: false, invalidReason: reason });
      const settled = await facilitator.settle(payment, required);
      expect(settled).toMatchObject({ success: false, errorReason: reason, transaction: "" });
      expect({ ...(await balances()), payments: (await paymentsOf(payer)).length }).toEqual(before);
    };

    test("a replayed payload: verify refuses it, settle answers the one settlement again", async () => {
      const required = requirements();
      const payment = await paymentFor(required);
      const first = await facilitator.settle(payment, required);
      expect(first.success).toBe(true);
      const after = await balances();
      expect(await facilitator.verify(payment, required)).toMatchObject({
        isValid: false,
        invalidReason: "nonce_already_used",
      });
      expect(await facilitator.settle(payment, required)).toEqual(first);
      expect(await balances()).toEqual(after);
      // Another merchant presenting the same payload learns only that it was used.
      const other = await seedTenant();
      try {
        const elsewhere = new HTTPFacilitatorClient(
          x402Facilitator({ apiKey: other.keys.sandbox, baseUrl: inject("baseUrl") }),
        );
        expect(await elsewhere.settle(payment, required)).toMatchObject({
          success: false,
          errorReason: "nonce_already_used",
          transaction: "",
        });
        expect(await balances()).toEqual(after);
      } finally {
        await other.remove();
      }
    });

    test("an expired payload", async () => {
      const required = requirements();
      await refused(
        await signedPayment(required, new Date(Date.now() - 1000).toISOString()),
        required,
        "invalid_exact_agent_payload_expired",
      );
    });

    test("a statement or key id holding text PostgreSQL cannot store", async () => {
      const required = requirements();
      const later = new Date(Date.now() + 60_000).toISOString();
      await refused(
        await signedPayment(required, later, { nonce: `nonce-${"\u0000".repeat(16)}` }),
        required,
        "invalid_payload",
      );
      await refused(
        await signedPayment(required, later, { kid: `${keyId}\u0000` }),
        required,
        "invalid_exact_agent_payload_signature",
      );
    });

    test("the wrong network", async () => {
      const required = requirements({ network: "agent-settlement:production" });
      await refused(await paymentFor(required), required, "invalid_network");
    });

    test("a tampered amount", async () => {
      const signed = await paymentFor(requirements());
      const cheaper = requirements({ amount: "1" });
      await refused({ ...signed, accepted: cheaper }, cheaper, "invalid_payment_requirements");
    });

    test("a payment presented for another resource than the one it pays for", async () => {
      const required = requirements({ extra: { resource: "https://shop.example/a" } });
      const signed = await paymentFor(required);
      await refused(
        { ...signed, resource: { url: "https://shop.example/b" } },
        required,
        "invalid_payment_requirements",
      );
    });

    test("insufficient balance", async () => {
      const required = requirements({ amount: "1000000" });
      await refused(await paymentFor(required), required, "insufficient_funds");
    });

    test("over the payer's mandate", async () => {
      const patch = (mandate: unknown) =>
        call("PATCH", `/agents/${payer}`, { key: payerOrg.keys.sandbox, body: { mandate } });
      expect(
        (await patch({ limits: [{ currency: "USD", perSettlement: 100, perDay: 1000 }] })).status,
      ).toBe(200);
      try {
        const required = requirements();
        await refused(await paymentFor(required), required, "invalid_exact_agent_payload_mandate");
      } finally {
        expect((await patch(null)).status).toBe(200);
      }
    });

    test("a suspended payer", async () => {
      const setStatus = (status: string) =>
        call("PATCH", `/agents/${payer}`, { key: payerOrg.keys.sandbox, body: { status } });
      expect((await setStatus("suspended")).status).toBe(200);
      try {
        const required = requirements();
        await refused(
          await paymentFor(required),
          required,
          "invalid_exact_agent_payload_payer_suspended",
        );
      } finally {
        expect((await setStatus("active")).status).toBe(200);
      }
    });

    test("a revoked key", async () => {
      const revokedSigner = newSigningKey("EdDSA");
      const revokedId = await registerKey(payerOrg.keys.sandbox, payer, revokedSigner);
      const revoked = await call("POST", `/agents/${payer}/keys/${revokedId}/revoke`, {
        key: payerOrg.keys.sandbox,
      });
      expect(revoked.status).toBe(200);
      const required = requirements();
      const scheme = x402ClientScheme({
        agentId: payer,
        keyId: revokedId,
        privateKey: privateJwk(revokedSigner),
      });
      await refused(
        await paymentFor(required, scheme),
        required,
        "invalid_exact_agent_payload_key_revoked",
      );
    });
  });

  test("twenty concurrent settles of one payload move the money once", async () => {
    const required = requirements({ amount: "7" });
    const payment = await paymentFor(required);
    const before = await balances();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => facilitator.settle(payment, required)),
    );
    const transactions = new Set(answers.map((answer) => answer.transaction));
    expect(answers.every((answer) => answer.success)).toBe(true);
    expect(transactions.size).toBe(1);
    const [settlementId] = [...transactions] as [string];
    expect(await balances()).toEqual({ payer: before.payer - 7, payee: before.payee + 7 });
    const transfers = await db
      .select()
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.reference, settlementId),
          inArray(ledgerTransfers.kind, ["execute"]),
        ),
      );
    expect(transfers).toHaveLength(1);
    const claims = (await paymentsOf(payer)).filter((row) => row.amountValue === 7);
    expect(claims).toHaveLength(1);
  });
});

describe("GET /v1/x402/supported", () =>
  runCommonRouteTests({
    method: "GET",
    path: () => "/x402/supported",
    scope: "settlement.read",
    status: 200,
  }));

/** A well-formed request whose payload is no payment: answered, and nothing moves. */
const requestTo = (payTo: string) => {
  const required = { ...requirements(), payTo };
  return {
    x402Version: 2,
    paymentPayload: { x402Version: 2, accepted: required, payload: { jws: "a.b.c" } },
    paymentRequirements: required,
  };
};

for (const [operation, scope] of [
  ["verify", "settlement.read"],
  ["settle", "settlement.execute"],
] as const) {
  describe(`POST /v1/x402/${operation}`, () =>
    runCommonRouteTests({
      method: "POST",
      path: () => `/x402/${operation}`,
      body: () => requestTo("agent-unknown"),
      scope,
      status: 200,
    }));
}
