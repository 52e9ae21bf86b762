import { eq } from "drizzle-orm";
import { CompactSign } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { evidenceRecords, receipts } from "@/db/schema";
import {
  buildEvidenceRecord,
  hashReceipt,
  type TEvidenceRecord,
  type TReceiptBundle,
  verifyReceiptBundle,
} from "@/lib/attest";
import { newNegotiationId, proposalPayloadText } from "../../sdk/src/agreements";
import { newSigningKey, registerKey, signStatement, type TSigningKey } from "../support/agent-keys";
import { call, eventually } from "../support/api";
import { agentOf, settled } from "../support/deals";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";
import { restingTenantRows, tenantRows } from "../support/tenant-rows";

/*
 * A negotiation can require signatures of its final terms: `all` (the payer too) or `responders`.
 * The payer signs its proposal at creation, under an id it chose. Without the required
 * signatures there is no settlement, and a receipt whose transcript lacks one does not verify.
 */

let tenant: TTestTenant;
let payer: string;
let payee: string;
let payerSigner: TSigningKey;
let payeeSigner: TSigningKey;
let payerKeyId: string;
let payeeKeyId: string;

beforeAll(async () => {
  tenant = await seedTenant();
  payer = await agentOf(key(), { name: "Payer" });
  payee = await agentOf(key(), { name: "Payee" });
  payerSigner = newSigningKey("EdDSA");
  payeeSigner = newSigningKey("ES256");
  payerKeyId = await registerKey(key(), payer, payerSigner);
  payeeKeyId = await registerKey(key(), payee, payeeSigner);
});
afterAll(() => tenant.remove());

const key = () => tenant.keys.sandbox;
const terms = () => ({
  amount: { value: 4200, currency: "USD" },
  splits: [{ agentId: payee, amount: 4200 }],
  description: null,
});
type TRequirement = "all" | "responders" | "none";

const signProposal = (negotiationId: string, signatures: TRequirement, signer = payerSigner) =>
  new CompactSign(
    new TextEncoder().encode(proposalPayloadText({ negotiationId, terms: terms(), signatures })),
  )
    .setProtectedHeader({ alg: signer.algorithm, kid: payerKeyId })
    .sign(signer.privateKey);

async function open(signatures: TRequirement, { payerSigns }: { payerSigns: boolean }) {
  const id = newNegotiationId();
  const created = await call("POST", "/negotiations", {
    key: key(),
    body: {
      id,
      initiatorAgentId: payer,
      responders: [payee],
      terms: terms(),
      signatures,
      ...(payerSigns ? { signature: await signProposal(id, signatures) } : {}),
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body).toMatchObject({ id, signatures });
  return id;
}

async function accept(negotiationId: string, signatures: TRequirement, signed: boolean) {
  const signature = await signStatement({
    signer: payeeSigner,
    kid: payeeKeyId,
    statement: { negotiationId, round: 1, action: "accept", terms: terms(), signatures },
  });
  const accepted = await call("POST", `/negotiations/${negotiationId}/respond`, {
    key: key(),
    body: { agentId: payee, action: "accept", ...(signed ? { signature } : {}) },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  expect(accepted.body.status).toBe("accepted");
}

const settle = (negotiationId: string) =>
  call("POST", "/settlements", { key: key(), body: { negotiationId } });

async function receiptOf(negotiationId: string) {
  const settlement = await settle(negotiationId);
  expect(settlement.status, JSON.stringify(settlement.body)).toBe(201);
  const executing = await call("POST", `/settlements/${settlement.body.id}/execute`, {
    key: key(),
    body: {},
  });
  expect(executing.status).toBe(202);
  expect((await settled(key(), settlement.body.id)).status).toBe("executed");
  return eventually(async () => {
    const listed = await call("GET", `/receipts?settlementId=${settlement.body.id}`, {
      key: key(),
    });
    expect(listed.body.data).toHaveLength(1);
    const bundle = await call("GET", `/receipts/${listed.body.data[0].id}/bundle`, { key: key() });
    expect(bundle.status).toBe(200);
    return bundle.body as TReceiptBundle;
  }, 15_000);
}

const jwks = async () => (await call("GET", "/.well-known/jwks.json")).body;
const agreementOf = (checks: { name: string; ok: boolean; detail?: string }[]) =>
  checks.find((c) => c.name === "agreement");
const failing = (checks: { name: string; ok: boolean }[]) =>
  checks.filter((c) => !c.ok).map((c) => c.name);

/** What a forger without the agents' private keys could do: edit, re-chain and re-hash. */
function reforge(bundle: TReceiptBundle, edit: (steps: TEvidenceRecord[]) => void) {
  const forged = structuredClone(bundle);
  edit(forged.attest.evidence.filter((r) => r.type === "negotiation_step"));
  const records: TEvidenceRecord[] = [];
  for (const record of forged.attest.evidence) {
    records.push(buildEvidenceRecord({ ...record, previous: records.at(-1) ?? null }).record);
  }
  forged.attest.evidence = records;
  forged.attest.proof.evidenceChain = records.map((r) => r.id);
  const { attestHash } = hashReceipt({
    ...forged,
    formatVersion: 3,
    policySnapshot: forged.attest.proof.policySnapshot,
    evidenceChainHead: records.at(-1)!.hash,
    evidenceChain: forged.attest.proof.evidenceChain,
  });
  forged.attestHash = attestHash;
  forged.attest.hash = attestHash;
  return forged;
}

describe("signatures: all", () => {
  test("an unsigned payer cannot settle, and the refusal names it", async () => {
    const negotiationId = await open("all", { payerSigns: false });
    await accept(negotiationId, "all", true);
    const before = await restingTenantRows(tenant.organizationId);
    const refused = await settle(negotiationId);
    expectError(refused, 409, "conflict", "negotiationId");
    expect(refused.body.error.message).toContain(`not signed by ${payer}`);
    expect(await tenantRows(tenant.organizationId)).toEqual(before);
  });

  test("an unsigned responder cannot settle either", async () => {
    const negotiationId = await open("all", { payerSigns: true });
    await accept(negotiationId, "all", false);
    const refused = await settle(negotiationId);
    expectError(refused, 409, "conflict", "negotiationId");
    expect(refused.body.error.message).toContain(`not signed by ${payee}`);
  });

  test("after a counter, only signatures of the new terms count", async () => {
    const countered = {
      amount: { value: 5000, currency: "USD" },
      splits: [{ agentId: payee, amount: 5000 }],
      description: null,
    };
    /** The payee counters (signed), then the payer accepts, signed or not. */
    const counterThenAccept = async (payerSigns: boolean) => {
      const negotiationId = await open("all", { payerSigns: true });
      const respond = async (agentId: string, action: "counter" | "accept", round: number) => {
        const [signer, kid] =
          agentId === payer ? [payerSigner, payerKeyId] : [payeeSigner, payeeKeyId];
        const signature = await signStatement({
          signer,
          kid,
          statement: { negotiationId, round, action, terms: countered, signatures: "all" },
        });
        const signs = agentId === payee || payerSigns;
        const answered = await call("POST", `/negotiations/${negotiationId}/respond`, {
          key: key(),
          body: {
            agentId,
            action,
            ...(action === "counter" ? { terms: countered } : {}),
            ...(signs ? { signature } : {}),
          },
        });
        expect(answered.status, JSON.stringify(answered.body)).toBe(200);
        return answered.body;
      };
      await respond(payee, "counter", 1);
      expect((await respond(payer, "accept", 2)).status).toBe("accepted");
      return negotiationId;
    };
    // The payer signed its proposal of round 1, not the counter's terms it accepted.
    const refused = await settle(await counterThenAccept(false));
    expectError(refused, 409, "conflict", "negotiationId");
    expect(refused.body.error.message).toMatch(new RegExp(`not signed by ${payer}\\.$`));
    expect((await settle(await counterThenAccept(true))).status).toBe(201);
  });

  describe("signed by both", () => {
    let bundle: TReceiptBundle;
    beforeAll(async () => {
      const negotiationId = await open("all", { payerSigns: true });
      await accept(negotiationId, "all", true);
      bundle = await receiptOf(negotiationId);
    });

    test("the receipt verifies offline and on the server, listing both signers", async () => {
      const detail = `final terms signed by ${payer}, ${payee} (signatures required: all)`;
      const proposal = bundle.attest.evidence.find((r) => r.type === "negotiation_step")!;
      expect(proposal.payload).toMatchObject({
        action: "propose",
        signatures: "all",
        signature: { keyId: payerKeyId, publicJwk: payerSigner.publicJwk },
      });
      const offline = await verifyReceiptBundle({
        bundle: structuredClone(bundle),
        jwks: await jwks(),
      });
      expect(offline.status).toBe("valid");
      expect(agreementOf(offline.checks)).toEqual({ name: "agreement", ok: true, detail });
      const server = await call("POST", `/receipts/${bundle.id}/verify`, { key: key(), body: {} });
      expect(server.body.status).toBe("valid");
      expect(agreementOf(server.body.checks)).toEqual({ name: "agreement", ok: true, detail });
    });

    test("a forger who drops the payer's signature and re-hashes is refused, naming it", async () => {
      const forged = reforge(bundle, (steps) => {
        steps[0]!.payload.signature = null;
      });
      const verified = await verifyReceiptBundle({ bundle: forged, jwks: await jwks() });
      expect(verified.status).toBe("invalid");
      expect(failing(verified.checks)).toEqual(["agreement", "inclusion"]);
      expect(agreementOf(verified.checks)?.detail).toBe(
        `the negotiation requires every party's signature of the final terms, and ${payer} did not sign them`,
      );
    });

    test("the same forgery in the stored rows is refused by the verify route", async () => {
      const forged = reforge(bundle, (steps) => {
        steps[0]!.payload.signature = null;
      });
      // What an operator with database access could do: rewrite the rows, chain and hash alike.
      for (const record of forged.attest.evidence) {
        await db
          .update(evidenceRecords)
          .set({
            payload: record.payload,
            previousHash: record.previousHash,
            hash: record.hash,
          })
          .where(eq(evidenceRecords.id, record.id));
      }
      await db
        .update(receipts)
        .set({
          attestHash: forged.attestHash,
          evidenceChainHead: forged.attest.evidence.at(-1)!.hash,
        })
        .where(eq(receipts.id, bundle.id));
      const server = await call("POST", `/receipts/${bundle.id}/verify`, { key: key(), body: {} });
      expect(server.status).toBe(200);
      expect(server.body.status).toBe("invalid");
      expect(failing(server.body.checks)).toEqual(["agreement", "inclusion"]);
      expect(agreementOf(server.body.checks)?.detail).toBe(
        `the negotiation requires every party's signature of the final terms, and ${payer} did not sign them`,
      );
    });

    test("a forger who also drops the requirement breaks the payee's signature", async () => {
      const forged = reforge(bundle, (steps) => {
        steps[0]!.payload.signature = null;
        delete steps[0]!.payload.signatures;
      });
      const verified = await verifyReceiptBundle({ bundle: forged, jwks: await jwks() });
      expect(failing(verified.checks)).toEqual(["agreement", "inclusion"]);
      expect(agreementOf(verified.checks)?.detail).toMatch(
        `the signature of ${payee} does not sign the canonical JSON`,
      );
    });
  });
});

describe("signatures: responders", () => {
  test("the payer need not sign; an unsigned responder cannot settle", async () => {
    const unsigned = await open("responders", { payerSigns: false });
    await accept(unsigned, "responders", false);
    const refused = await settle(unsigned);
    expectError(refused, 409, "conflict", "negotiationId");
    expect(refused.body.error.message).toContain(`not signed by ${payee}`);
    expect(refused.body.error.message).not.toContain(payer);

    const signed = await open("responders", { payerSigns: false });
    await accept(signed, "responders", true);
    expect((await settle(signed)).status).toBe(201);
  });
});

describe("the payer's signed proposal", () => {
  test("defaults to no requirement, signed statement without `signatures`", async () => {
    const negotiationId = await open("none", { payerSigns: true });
    const read = await call("GET", `/negotiations/${negotiationId}`, { key: key() });
    expect(read.body.signatures).toBe("none");
  });

  test("needs its id, a valid signature and a fresh id; nothing is written otherwise", async () => {
    const before = await restingTenantRows(tenant.organizationId);
    const body = { initiatorAgentId: payer, responders: [payee], terms: terms() };
    const id = newNegotiationId();
    const withoutId = await call("POST", "/negotiations", {
      key: key(),
      body: { ...body, signature: await signProposal(id, "none") },
    });
    expectError(withoutId, 400, "invalid_request", "id");
    const forged = await call("POST", "/negotiations", {
      key: key(),
      body: { ...body, id, signature: await signProposal(id, "none", newSigningKey()) },
    });
    expectError(forged, 400, "invalid_request", "signature");
    const otherRequirement = await call("POST", "/negotiations", {
      key: key(),
      body: { ...body, id, signatures: "all", signature: await signProposal(id, "none") },
    });
    expectError(otherRequirement, 400, "invalid_request", "signature");
    expect(await tenantRows(tenant.organizationId)).toEqual(before);

    await open("none", { payerSigns: false }).then(async (taken) => {
      const again = await call("POST", "/negotiations", {
        key: key(),
        body: { ...body, id: taken },
      });
      expectError(again, 409, "conflict", "id");
    });
  });
});
