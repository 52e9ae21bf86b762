import { createHash, randomBytes } from "node:crypto";
import { calculateJwkThumbprint, decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  agentKeyEntryText,
  appendLeaves,
  buildEvidenceRecord,
  createMemoryNodeStore,
  generateTreeHeadKeyPair,
  hashReceipt,
  inclusionProof,
  receiptLogEntry,
  signTreeHead,
  type TAgentPublicJwk,
  type TEvidenceRecord,
  type TKeyProof,
  type TNegotiationStepPayload,
  type TReceiptBundle,
  textLogEntry,
  toHashHex,
  toReceiptBundle,
  treeRoot,
  verifyReceiptBundle,
} from "@/lib/attest";
import { newSigningKey, registerKey, signStatement, type TSigningKey } from "../support/agent-keys";
import { call, eventually } from "../support/api";
import { agentOf, negotiate, settled } from "../support/deals";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";
import { restingTenantRows, tenantRows } from "../support/tenant-rows";

let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

const key = () => tenant.keys.sandbox;
const tokenScopes = ["negotiation.read", "negotiation.respond"];

const terms = (value: number, shares: [string, number][]) => ({
  amount: { value, currency: "USD" },
  splits: shares.map(([agentId, amount]) => ({ agentId, amount })),
  description: null,
});

const respond = (id: string, body: Record<string, unknown>, bearer = key()) =>
  call("POST", `/negotiations/${id}/respond`, { key: bearer, body });

async function tokenFor(agentId: string) {
  const issued = await call("POST", "/auth/token", {
    key: key(),
    body: { agent_id: agentId, scopes: tokenScopes },
  });
  expect(issued.status).toBe(201);
  return issued.body.token as string;
}

async function receiptOf(negotiationId: string) {
  const settlement = await call("POST", "/settlements", { key: key(), body: { negotiationId } });
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
const failing = (checks: { name: string; ok: boolean }[]) =>
  checks.filter((c) => !c.ok).map((c) => c.name);
const clone = <T>(value: T): T => structuredClone(value);
const stepsOf = (bundle: TReceiptBundle) =>
  bundle.attest.evidence.filter((record) => record.type === "negotiation_step");

/** What a forger without the agents' private keys could do: edit, re-chain and re-hash. */
function reforge(bundle: TReceiptBundle, edit: (evidence: TEvidenceRecord[]) => TEvidenceRecord[]) {
  const forged = clone(bundle);
  const records: TEvidenceRecord[] = [];
  for (const record of edit(forged.attest.evidence)) {
    records.push(buildEvidenceRecord({ ...record, previous: records.at(-1) ?? null }).record);
  }
  forged.attest.evidence = records;
  forged.attest.proof.evidenceChain = records.map((r) => r.id);
  const { attestHash } = hashReceipt({
    ...forged,
    formatVersion: forged.attest.formatVersion ?? 1,
    policySnapshot: forged.attest.proof.policySnapshot,
    evidenceChainHead: records.at(-1)!.hash,
    evidenceChain: forged.attest.proof.evidenceChain,
  });
  forged.attestHash = attestHash;
  forged.attest.hash = attestHash;
  return forged;
}

/**
 * What the operator alone can do besides: append the forged receipt to a log of its own, at the
 * leaf the real one had, and sign that log's head with a tree-head key it publishes.
 */
async function resealInOwnLog(forged: TReceiptBundle, { appended: after = [] as string[] } = {}) {
  const { store } = createMemoryNodeStore();
  const leafIndex = forged.attest.inclusionProof.leafIndex;
  const entries = [
    ...Array.from({ length: leafIndex + 1 }, (_, i) =>
      i === leafIndex ? receiptLogEntry(forged.attest.hash) : randomBytes(32),
    ),
    ...after.map(textLogEntry),
  ];
  const appended = await appendLeaves({ store, size: 0, entries });
  await store.put(appended.nodes);
  const keys = generateTreeHeadKeyPair();
  const treeHead = signTreeHead({
    origin: forged.attest.treeHead.origin,
    treeSize: appended.size,
    rootHash: toHashHex(await treeRoot({ store, size: appended.size })),
    keyId: keys.kid,
    privateKey: keys.privateKeyPem,
  });
  const proof = await inclusionProof({ store, index: leafIndex, size: appended.size });
  const bundle = toReceiptBundle({
    receipt: forged,
    evidence: forged.attest.evidence,
    leafIndex,
    proof,
    treeHead,
  });
  const keyProofs = await Promise.all(
    after.map(async (entry, i) => ({
      entry,
      leafIndex: leafIndex + 1 + i,
      hashes: (await inclusionProof({ store, index: leafIndex + 1 + i, size: appended.size })).map(
        toHashHex,
      ),
    })),
  );
  return { bundle, jwks: { keys: [keys.publicJwk] }, keyProofs };
}

describe("a three-party negotiation with two counters, signed by two agents", () => {
  let payer: string;
  let first: string;
  let second: string;
  let firstSigner: TSigningKey;
  let secondSigner: TSigningKey;
  let firstKeyId: string;
  let secondKeyId: string;
  let secondToken: string;
  let negotiationId: string;
  let bundle: TReceiptBundle;

  beforeAll(async () => {
    payer = await agentOf(key(), { name: "Payer" });
    first = await agentOf(key(), { name: "First" });
    second = await agentOf(key(), { name: "Second" });
    firstSigner = newSigningKey("EdDSA");
    secondSigner = newSigningKey("ES256");
    firstKeyId = await registerKey(key(), first, firstSigner);
    secondKeyId = await registerKey(key(), second, secondSigner);
    secondToken = await tokenFor(second);

    const opened = await negotiate(key(), {
      initiatorAgentId: payer,
      responders: [first, second],
      terms: terms(9000, [
        [first, 6000],
        [second, 3000],
      ]),
    });
    negotiationId = opened.id;
    const round2 = terms(12000, [
      [first, 8000],
      [second, 4000],
    ]);
    const countered = await respond(negotiationId, {
      agentId: first,
      action: "counter",
      terms: round2,
      message: "more, please",
      signature: await signStatement({
        signer: firstSigner,
        kid: firstKeyId,
        statement: { negotiationId, round: 1, action: "counter", terms: round2 },
      }),
    });
    expect(countered.status, JSON.stringify(countered.body)).toBe(200);
    const round3 = { amount: { value: 10000, currency: "USD" } };
    const equal = terms(10000, [
      [first, 5000],
      [second, 5000],
    ]);
    const again = await respond(
      negotiationId,
      {
        action: "counter",
        terms: round3,
        message: "meet in the middle",
        signature: await signStatement({
          signer: secondSigner,
          kid: secondKeyId,
          statement: { negotiationId, round: 2, action: "counter", terms: equal },
        }),
      },
      secondToken,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.terms).toEqual(equal);
    expect((await respond(negotiationId, { agentId: payer, action: "accept" })).status).toBe(200);
    const accepted = await respond(negotiationId, {
      agentId: first,
      action: "accept",
      signature: await signStatement({
        signer: firstSigner,
        kid: firstKeyId,
        statement: { negotiationId, round: 3, action: "accept", terms: equal },
      }),
    });
    expect(accepted.body.status).toBe("accepted");
    bundle = await receiptOf(negotiationId);
  });

  test("the evidence holds every step in order, with its credential and signature", () => {
    expect(bundle.attest.formatVersion).toBe(3);
    expect(bundle.attest.evidence.map((r) => r.type)).toEqual([
      "negotiation_step",
      "negotiation_step",
      "negotiation_step",
      "negotiation_step",
      "negotiation_step",
      "negotiation_accepted",
      "settlement_executed",
      "payment_confirmed",
    ]);
    const token = decodeJwt(secondToken);
    const apiKey = { kind: "api_key", keyId: tenant.keyIds.sandbox };
    const steps = stepsOf(bundle).map((record) => record.payload);
    expect(steps).toEqual([
      {
        negotiationId,
        step: 1,
        round: 1,
        action: "propose",
        agentId: payer,
        terms: terms(9000, [
          [first, 6000],
          [second, 3000],
        ]),
        message: null,
        at: expect.any(String),
        credential: apiKey,
        signature: null,
      },
      {
        negotiationId,
        step: 2,
        round: 1,
        action: "counter",
        agentId: first,
        terms: terms(12000, [
          [first, 8000],
          [second, 4000],
        ]),
        message: "more, please",
        at: expect.any(String),
        credential: apiKey,
        signature: {
          jws: expect.any(String),
          keyId: firstKeyId,
          publicJwk: firstSigner.publicJwk,
        },
      },
      {
        negotiationId,
        step: 3,
        round: 2,
        action: "counter",
        agentId: second,
        terms: terms(10000, [
          [first, 5000],
          [second, 5000],
        ]),
        message: "meet in the middle",
        at: expect.any(String),
        credential: {
          kind: "agent_token",
          tokenId: token.jti,
          keyId: tenant.keyIds.sandbox,
          scopes: tokenScopes,
        },
        signature: {
          jws: expect.any(String),
          keyId: secondKeyId,
          publicJwk: secondSigner.publicJwk,
        },
      },
      expect.objectContaining({
        step: 4,
        round: 3,
        action: "accept",
        agentId: payer,
        signature: null,
      }),
      expect.objectContaining({
        step: 5,
        round: 3,
        action: "accept",
        agentId: first,
        signature: expect.objectContaining({ keyId: firstKeyId }),
      }),
    ]);
    // No secret of either credential is recorded anywhere in the evidence.
    const text = JSON.stringify(bundle.attest.evidence);
    expect(text).not.toContain(key());
    expect(text).not.toContain(secondToken);
  });

  test("the offline verifier and the server accept it, with the agreement check", async () => {
    const verified = await verifyReceiptBundle({ bundle: clone(bundle), jwks: await jwks() });
    expect(verified.checks.map((c) => c.name)).toEqual([
      "schema",
      "evidence_chain",
      "attest_hash",
      "terms",
      "policy",
      "agreement",
      "signing_keys",
      "inclusion",
      "tree_head_signature",
      "tree_head_key_window",
    ]);
    expect(failing(verified.checks)).toEqual([]);
    expect(verified.status).toBe("valid");
    const server = await call("POST", `/receipts/${bundle.id}/verify`, { key: key(), body: {} });
    expect(server.status).toBe(200);
    expect(server.body.status).toBe("valid");
    // The last round is the second's signed counter; the first signed its accept, the payer not.
    expect(server.body.checks).toContainEqual({
      name: "agreement",
      ok: true,
      detail: `final terms signed by ${second}, ${first} (signatures required: none)`,
    });
    expect(server.body.checks).toContainEqual({
      name: "signing_keys",
      ok: true,
      detail: `2 signing keys logged before signing: ${first} ${firstKeyId}, ${second} ${secondKeyId}`,
    });
  });

  test("each key id is the key's RFC 7638 thumbprint, and the bundle proves both keys were logged before the receipt", async () => {
    expect(firstKeyId).toBe(await calculateJwkThumbprint(firstSigner.publicJwk, "sha256"));
    expect(secondKeyId).toBe(await calculateJwkThumbprint(secondSigner.publicJwk, "sha256"));
    const entries = (bundle.attest.keyProofs ?? []).map((proof) => {
      const [type, json] = proof.entry.split("\n");
      expect(type).toBe("agent-key/v1");
      expect(proof.leafIndex).toBeLessThan(bundle.attest.inclusionProof.leafIndex);
      return JSON.parse(json!);
    });
    const agentHash = (agentId: string) =>
      `0x${createHash("sha256").update(agentId).digest("hex")}`;
    expect(entries).toEqual(
      expect.arrayContaining([
        {
          action: "add",
          agentHash: agentHash(first),
          keyId: firstKeyId,
          publicJwk: firstSigner.publicJwk,
          at: expect.any(String),
        },
        {
          action: "add",
          agentHash: agentHash(second),
          keyId: secondKeyId,
          publicJwk: secondSigner.publicJwk,
          at: expect.any(String),
        },
      ]),
    );
    expect(entries).toHaveLength(2);
  });

  test("the operator re-signs a step with a key of its own, re-chains, re-hashes and re-seals in a log it controls: signing_keys refuses it", async () => {
    const operatorKey = newSigningKey();
    const operatorKeyId = await calculateJwkThumbprint(operatorKey.publicJwk, "sha256");
    // A valid signature, by the operator's key, over the statement the first agent signed.
    const original = stepsOf(bundle)[1]!.payload as TNegotiationStepPayload;
    const jws = await signStatement({
      signer: operatorKey,
      kid: operatorKeyId,
      statement: {
        negotiationId,
        round: original.round,
        action: original.action,
        terms: original.terms,
      },
    });
    const resigned = reforge(bundle, (records) => {
      const step = records.filter((r) => r.type === "negotiation_step")[1]!;
      (step.payload as TNegotiationStepPayload).signature = {
        jws,
        keyId: operatorKeyId,
        publicJwk: operatorKey.publicJwk as TAgentPublicJwk,
      };
      return records;
    });
    // The operator logs its key too, but only after the receipt it forged.
    const lateEntry = agentKeyEntryText({
      action: "add",
      agentId: first,
      keyId: operatorKeyId,
      publicJwk: operatorKey.publicJwk as TAgentPublicJwk,
      at: original.at,
    });
    const operatorLog = await resealInOwnLog(resigned, { appended: [lateEntry] });
    const notLogged = new RegExp(
      `key ${operatorKeyId} of ${first} is not in the log as added before it signed and before the receipt`,
    );
    for (const [name, keyProofs, detail] of [
      [
        "with the real key proofs",
        resigned.attest.keyProofs,
        /keyProofs\[0\] \(leaf \d+\) does not lead to the signed root hash/,
      ],
      ["without key proofs", undefined, notLogged],
      ["with its key logged after the receipt", operatorLog.keyProofs, notLogged],
    ] as const) {
      const candidate = clone(operatorLog.bundle);
      if (keyProofs) candidate.attest.keyProofs = clone(keyProofs) as TKeyProof[];
      else delete candidate.attest.keyProofs;
      const verified = await verifyReceiptBundle({ bundle: candidate, jwks: operatorLog.jwks });
      expect(failing(verified.checks), name).toEqual(["signing_keys"]);
      expect(verified.checks.find((c) => c.name === "signing_keys")?.detail, name).toMatch(detail);
    }
  });

  const tampered: [string, (b: TReceiptBundle) => void][] = [
    [
      "a round's terms altered",
      (b) => {
        (stepsOf(b)[2]!.payload.terms as { amount: { value: number } }).amount.value = 1;
      },
    ],
    [
      "a step dropped",
      (b) => {
        b.attest.evidence.splice(1, 1);
      },
    ],
    [
      "a signature altered",
      (b) => {
        const signature = stepsOf(b)[1]!.payload.signature as { jws: string };
        signature.jws = `${signature.jws.slice(0, -4)}AAAA`;
      },
    ],
    [
      "a signature dropped",
      (b) => {
        stepsOf(b)[1]!.payload.signature = null;
      },
    ],
    [
      "a credential altered",
      (b) => {
        (stepsOf(b)[0]!.payload.credential as { keyId: string }).keyId = "key-someoneelse";
      },
    ],
    [
      "a credential's scopes widened",
      (b) => {
        (stepsOf(b)[2]!.payload.credential as { scopes: string[] }).scopes.push(
          "settlement.execute",
        );
      },
    ],
    [
      "the format version lowered",
      (b) => {
        b.attest.formatVersion = 1;
      },
    ],
  ];
  for (const [name, edit] of tampered) {
    test(`the offline verifier rejects it with ${name}`, async () => {
      const copy = clone(bundle);
      edit(copy);
      const verified = await verifyReceiptBundle({ bundle: copy, jwks: await jwks() });
      expect(verified.status).toBe("invalid");
      expect(failing(verified.checks).length).toBeGreaterThan(0);
    });
  }

  test("a forger who re-chains and re-hashes cannot forge, drop or reorder who agreed", async () => {
    const step = (records: TEvidenceRecord[], index: number) =>
      records.filter((r) => r.type === "negotiation_step")[index]!;
    const without = (index: number) => (records: TEvidenceRecord[]) => {
      const dropped = step(records, index);
      return records.filter((r) => r !== dropped);
    };
    // The chain and hash were rebuilt consistently: only the agreement (and the log) catch it,
    // and the terms check when the forged transcript no longer yields the receipt's terms.
    const forgeries: [
      string,
      (records: TEvidenceRecord[]) => TEvidenceRecord[],
      RegExp,
      string[],
    ][] = [
      [
        "another key's signature under the agent's public key",
        (records) => {
          const signature = step(records, 1).payload.signature as { publicJwk: unknown };
          signature.publicJwk = newSigningKey().publicJwk;
          return records;
        },
        /signature of agent-\S+ does not verify/,
        ["agreement", "signing_keys", "inclusion"],
      ],
      [
        "signed terms swapped for others",
        (records) => {
          (step(records, 2).payload.terms as { amount: { value: number } }).amount.value = 99;
          return records;
        },
        /accepted terms/,
        ["terms", "agreement", "inclusion"],
      ],
      ["a round dropped", without(1), /is step 3, expected 2/, ["agreement", "inclusion"]],
      ["an acceptance removed", without(4), /acceptedBy/, ["agreement", "inclusion"]],
    ];
    for (const [name, edit, detail, failed] of forgeries) {
      const forged = reforge(bundle, edit);
      const verified = await verifyReceiptBundle({ bundle: forged, jwks: await jwks() });
      const agreement = verified.checks.find((c) => c.name === "agreement");
      expect(agreement?.ok, name).toBe(false);
      expect(agreement?.detail, name).toMatch(detail);
      expect(failing(verified.checks), name).toEqual(failed);
    }
  });

  test("revoking a key refuses new signatures under it, and old receipts keep verifying", async () => {
    const revoked = await call("POST", `/agents/${first}/keys/${firstKeyId}/revoke`, {
      key: key(),
    });
    expect(revoked.body.status).toBe("revoked");
    const verified = await verifyReceiptBundle({ bundle: clone(bundle), jwks: await jwks() });
    expect(verified.status).toBe("valid");
    // Once the revocation is logged, the receipt's bundle carries it: dated after the signatures.
    const later = await eventually(async () => {
      const fetched = await call("GET", `/receipts/${bundle.id}/bundle`, { key: key() });
      const actions = (fetched.body as TReceiptBundle).attest.keyProofs?.map(
        (proof) => JSON.parse(proof.entry.split("\n")[1]!).action,
      );
      expect(actions?.filter((action) => action === "revoke")).toHaveLength(1);
      return fetched.body as TReceiptBundle;
    }, 15_000);
    expect(later.attest.keyProofs).toHaveLength(3);
    const reverified = await verifyReceiptBundle({ bundle: later, jwks: await jwks() });
    expect(failing(reverified.checks)).toEqual([]);
    const server = await call("POST", `/receipts/${bundle.id}/verify`, { key: key(), body: {} });
    expect(server.body.status).toBe("valid");

    const opened = await negotiate(key(), {
      initiatorAgentId: payer,
      responders: [first],
      terms: { amount: { value: 500, currency: "USD" } },
    });
    const before = await restingTenantRows(tenant.organizationId);
    const refused = await respond(opened.id, {
      agentId: first,
      action: "accept",
      signature: await signStatement({
        signer: firstSigner,
        kid: firstKeyId,
        statement: { negotiationId: opened.id, round: 1, action: "accept", terms: opened.terms },
      }),
    });
    expect(expectError(refused, 400, "invalid_request", "signature").message).toMatch(/revoked/);
    expect(await tenantRows(tenant.organizationId)).toEqual(before);
  });
});

describe("bad signatures are 400 on signature and change nothing", () => {
  let payer: string;
  let payee: string;
  let signer: TSigningKey;
  let kid: string;
  let otherKid: string;
  let negotiation: { id: string; terms: ReturnType<typeof terms> };

  beforeAll(async () => {
    payer = await agentOf(key());
    payee = await agentOf(key());
    signer = newSigningKey();
    kid = await registerKey(key(), payee, signer);
    otherKid = await registerKey(key(), payer, newSigningKey());
    negotiation = await negotiate(key(), {
      initiatorAgentId: payer,
      responders: [payee],
      terms: { amount: { value: 700, currency: "USD" } },
    });
  });

  const statement = () => ({
    negotiationId: negotiation.id,
    round: 1,
    action: "accept" as const,
    terms: negotiation.terms,
  });
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

  const cases: [string, () => Promise<string>, RegExp][] = [
    [
      "a signature by another private key",
      () => signStatement({ signer: newSigningKey(), kid, statement: statement() }),
      /does not verify/,
    ],
    [
      "a kid of another agent's key",
      () => signStatement({ signer, kid: otherKid, statement: statement() }),
      /has no key/,
    ],
    [
      "another payload (a different round)",
      () => signStatement({ signer, kid, statement: { ...statement(), round: 2 } }),
      /canonical JSON/,
    ],
    [
      "another payload (a reject)",
      () => signStatement({ signer, kid, statement: { ...statement(), action: "reject" } }),
      /canonical JSON/,
    ],
    ["a malformed JWS", async () => "not.a-jws", /compact JWS/],
    ["alg none", async () => `${b64({ alg: "none", kid })}.${b64(statement())}.`, /compact JWS/],
    [
      "alg none with a signature segment",
      async () => `${b64({ alg: "none", kid })}.${b64(statement())}.AAAA`,
      /alg EdDSA/,
    ],
    [
      "an HMAC algorithm",
      async () => `${b64({ alg: "HS256", kid })}.${b64(statement())}.AAAA`,
      /alg EdDSA/,
    ],
    ["a JWS without kid", async () => `${b64({ alg: "EdDSA" })}.${b64(statement())}.AAAA`, /kid/],
    [
      "a kid holding a NUL",
      async () => `${b64({ alg: "EdDSA", kid: "akey-\u0000" })}.${b64(statement())}.AAAA`,
      /kid/,
    ],
  ];
  for (const [name, signature, message] of cases) {
    test(name, async () => {
      const before = await restingTenantRows(tenant.organizationId);
      const refused = await respond(negotiation.id, {
        agentId: payee,
        action: "accept",
        signature: await signature(),
      });
      expect(expectError(refused, 400, "invalid_request", "signature").message).toMatch(message);
      expect(await tenantRows(tenant.organizationId)).toEqual(before);
      const after = await call("GET", `/negotiations/${negotiation.id}`, { key: key() });
      expect(after.body).toMatchObject({ status: "open", round: 1, acceptedBy: [payer] });
    });
  }

  test("the right signature is taken, after all the refusals", async () => {
    const accepted = await respond(negotiation.id, {
      agentId: payee,
      action: "accept",
      signature: await signStatement({ signer, kid, statement: statement() }),
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.status).toBe("accepted");
  });
});
