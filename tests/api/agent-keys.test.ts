import { generateKeyPairSync } from "node:crypto";
import { calculateJwkThumbprint } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addAgentKey } from "@/lib/agent-keys/add-agent-key";
import { createAgent } from "@/lib/agents/create-agent";
import type { TTenant } from "@/lib/auth/tenant";
import { newSigningKey, registerKey } from "../support/agent-keys";
import { call } from "../support/api";
import { agentOf, negotiate } from "../support/deals";
import { expectError } from "../support/expect-error";
import { runCommonRouteTests } from "../support/route-tests";
import { seedTenant, type TTestTenant } from "../support/tenant";
import { tenantRows } from "../support/tenant-rows";

let tenant: TTestTenant;
let other: TTestTenant;
beforeAll(async () => {
  [tenant, other] = await Promise.all([seedTenant(), seedTenant()]);
});
afterAll(() => Promise.all([tenant.remove(), other.remove()]));

const key = () => tenant.keys.sandbox;

const seedAgent = async (seeded: TTenant) =>
  createAgent({ tenant: seeded, input: { name: "Signer" } });

const seedAgentWithKey = async (seeded: TTenant) => {
  const agent = await seedAgent(seeded);
  const added = await addAgentKey({
    tenant: seeded,
    agentId: agent.id,
    input: { jwk: newSigningKey().publicJwk },
  });
  return { agentId: agent.id, keyId: added.id };
};

describe("POST /v1/agents/:id/keys", () => {
  runCommonRouteTests({
    method: "POST",
    seed: seedAgent,
    path: (agent) => `/agents/${agent.id}/keys`,
    body: () => ({ jwk: newSigningKey().publicJwk }),
    scope: "agent.update",
    status: 201,
  });

  test("registers Ed25519 and P-256 public keys with their algorithm and thumbprint", async () => {
    const agentId = await agentOf(key());
    for (const algorithm of ["EdDSA", "ES256"] as const) {
      const signer = newSigningKey(algorithm);
      const added = await call("POST", `/agents/${agentId}/keys`, {
        key: key(),
        body: { jwk: { ...signer.publicJwk, kid: "mine", alg: algorithm, use: "sig" } },
      });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        id: await calculateJwkThumbprint(signer.publicJwk, "sha256"),
        agentId,
        algorithm,
        publicJwk: signer.publicJwk,
        thumbprint: await calculateJwkThumbprint(signer.publicJwk, "sha256"),
        status: "active",
        revokedAt: null,
      });
      // kid, alg and use are not stored: the key's id is its kid.
      expect(Object.keys(added.body.publicJwk).sort()).toEqual(
        Object.keys(signer.publicJwk).sort(),
      );
    }
  });

  const rsa = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const badKeys: [string, () => object, string][] = [
    [
      "an Ed25519 private key",
      () => generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" }),
      "jwk.d",
    ],
    [
      "a P-256 private key",
      () => generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" }),
      "jwk.d",
    ],
    ["an RSA public key", () => rsa.publicKey.export({ format: "jwk" }), "jwk.kty"],
    ["an RSA private key", () => rsa.privateKey.export({ format: "jwk" }), "jwk.d"],
    [
      "a P-384 key",
      () => generateKeyPairSync("ec", { namedCurve: "P-384" }).publicKey.export({ format: "jwk" }),
      "jwk.crv",
    ],
    [
      "an X25519 key",
      () => generateKeyPairSync("x25519").publicKey.export({ format: "jwk" }),
      "jwk.crv",
    ],
    ["a symmetric key", () => ({ kty: "oct", k: "c2VjcmV0" }), "jwk.k"],
    ["an EC key without y", () => ({ ...newSigningKey("ES256").publicJwk, y: undefined }), "jwk.y"],
    ["a short coordinate", () => ({ kty: "OKP", crv: "Ed25519", x: "abc" }), "jwk.x"],
    [
      "a point off the curve",
      () => ({ ...newSigningKey("ES256").publicJwk, y: "A".repeat(43) }),
      "jwk",
    ],
  ];
  for (const [name, jwk, param] of badKeys) {
    test(`${name} is 400 on ${param} and registers nothing`, async () => {
      const agentId = await agentOf(key());
      const before = await tenantRows(tenant.organizationId);
      const body = JSON.parse(JSON.stringify({ jwk: jwk() }));
      const refused = await call("POST", `/agents/${agentId}/keys`, { key: key(), body });
      const error = expectError(refused, 400, "invalid_request", param);
      if (param === "jwk.d") expect(error.message).toMatch(/private key material/);
      expect(await tenantRows(tenant.organizationId)).toEqual(before);
    });
  }

  test("the same key twice is 409, also after its revocation", async () => {
    const agentId = await agentOf(key());
    const signer = newSigningKey();
    const keyId = await registerKey(key(), agentId, signer);
    const again = await call("POST", `/agents/${agentId}/keys`, {
      key: key(),
      body: { jwk: signer.publicJwk },
    });
    expect(expectError(again, 409, "conflict", "jwk").message).toContain(keyId);
    await call("POST", `/agents/${agentId}/keys/${keyId}/revoke`, { key: key() });
    const revived = await call("POST", `/agents/${agentId}/keys`, {
      key: key(),
      body: { jwk: signer.publicJwk },
    });
    expect(expectError(revived, 409, "conflict", "jwk").message).toMatch(/revoked/);
  });

  test("a public key serves one agent: on another agent, of any organization, it is 409 and registers nothing", async () => {
    const signer = newSigningKey("ES256");
    const keyId = await registerKey(key(), await agentOf(key()), signer);
    for (const [owner, apiKey] of [
      ["this organization", key()],
      ["another organization", other.keys.sandbox],
    ] as const) {
      const elsewhere = await agentOf(apiKey);
      const before = await tenantRows(
        owner === "this organization" ? tenant.organizationId : other.organizationId,
      );
      const refused = await call("POST", `/agents/${elsewhere}/keys`, {
        key: apiKey,
        body: { jwk: signer.publicJwk },
      });
      expect(expectError(refused, 409, "conflict", "jwk").message, owner).toBe(
        "This public key is registered to another agent; give each agent keys of its own.",
      );
      expect(
        await tenantRows(
          owner === "this organization" ? tenant.organizationId : other.organizationId,
        ),
        owner,
      ).toEqual(before);
    }
    expect(keyId).toBe(await calculateJwkThumbprint(signer.publicJwk, "sha256"));
  });

  test("another organization's agent is 404", async () => {
    const foreign = await agentOf(other.keys.sandbox);
    const refused = await call("POST", `/agents/${foreign}/keys`, {
      key: key(),
      body: { jwk: newSigningKey().publicJwk },
    });
    expectError(refused, 404, "not_found");
  });
});

describe("GET /v1/agents/:id/keys", () => {
  runCommonRouteTests({
    method: "GET",
    seed: seedAgent,
    path: (agent) => `/agents/${agent.id}/keys`,
    scope: "agent.read",
    status: 200,
  });

  test("lists the agent's keys newest first, pages, and filters by status", async () => {
    const agentId = await agentOf(key());
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await registerKey(key(), agentId, newSigningKey()));
    await registerKey(key(), await agentOf(key()), newSigningKey());
    await call("POST", `/agents/${agentId}/keys/${ids[0]}/revoke`, { key: key() });

    const first = await call("GET", `/agents/${agentId}/keys?limit=2`, { key: key() });
    expect(first.status).toBe(200);
    expect(first.body.data.map((k: { id: string }) => k.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.hasMore).toBe(true);
    const second = await call(
      "GET",
      `/agents/${agentId}/keys?limit=2&cursor=${first.body.cursor}`,
      { key: key() },
    );
    expect(second.body).toMatchObject({
      data: [{ id: ids[0], status: "revoked" }],
      hasMore: false,
    });
    const active = await call("GET", `/agents/${agentId}/keys?status=active`, { key: key() });
    expect(active.body.data.map((k: { id: string }) => k.id)).toEqual([ids[2], ids[1]]);
  });
});

describe("an agent's public keys, read by those who deal with it", () => {
  let stranger: TTestTenant;
  beforeAll(async () => {
    stranger = await seedTenant();
  });
  afterAll(() => stranger.remove());

  const tokenOf = async (agentId: string) => {
    const issued = await call("POST", "/auth/token", {
      key: key(),
      body: { agent_id: agentId, scopes: ["agent.read"] },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    return issued.body.token as string;
  };

  test("the counterparty's organization and its agent's token list them; nobody else, and nobody but the owner writes", async () => {
    const payee = await agentOf(other.keys.sandbox, { name: "Payee" });
    const signer = newSigningKey();
    const keyId = await registerKey(other.keys.sandbox, payee, signer);
    const payer = await agentOf(key(), { name: "Payer" });
    const sibling = await agentOf(key(), { name: "Sibling" });
    const list = (bearer: string) => call("GET", `/agents/${payee}/keys`, { key: bearer });
    expectError(await list(key()), 404, "not_found");

    await negotiate(key(), {
      initiatorAgentId: payer,
      responders: [payee],
      terms: { amount: { value: 100, currency: "USD" } },
    });
    const expected = [{ id: keyId, agentId: payee, publicJwk: signer.publicJwk, status: "active" }];
    const listed = await list(key());
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject(expected);
    expect((await list(await tokenOf(payer))).body.data).toMatchObject(expected);
    // A token acts as its agent: the sibling never dealt with the payee.
    expectError(await list(await tokenOf(sibling)), 404, "not_found");
    expectError(await list(stranger.keys.sandbox), 404, "not_found");
    expectError(
      await call("GET", `/agents/${payee}/keys`, {
        key: tenant.keys.production,
        environment: "production",
      }),
      404,
      "not_found",
    );

    const before = await tenantRows(other.organizationId);
    expectError(
      await call("POST", `/agents/${payee}/keys`, {
        key: key(),
        body: { jwk: newSigningKey().publicJwk },
      }),
      404,
      "not_found",
    );
    expectError(
      await call("POST", `/agents/${payee}/keys/${keyId}/revoke`, { key: key() }),
      404,
      "not_found",
    );
    expect(await tenantRows(other.organizationId)).toEqual(before);
  });
});

describe("POST /v1/agents/:id/keys/:keyId/revoke", () => {
  runCommonRouteTests({
    method: "POST",
    seed: seedAgentWithKey,
    path: ({ agentId, keyId }) => `/agents/${agentId}/keys/${keyId}/revoke`,
    scope: "agent.update",
    status: 200,
  });

  test("revokes once; revoking again returns the key unchanged", async () => {
    const agentId = await agentOf(key());
    const keyId = await registerKey(key(), agentId, newSigningKey());
    const revoked = await call("POST", `/agents/${agentId}/keys/${keyId}/revoke`, { key: key() });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: keyId, status: "revoked" });
    expect(Date.parse(revoked.body.revokedAt)).toBeGreaterThan(Date.now() - 60_000);
    const again = await call("POST", `/agents/${agentId}/keys/${keyId}/revoke`, { key: key() });
    expect(again.body).toEqual(revoked.body);
  });

  test("a key of another agent, or an unknown key, is 404", async () => {
    const owner = await agentOf(key());
    const keyId = await registerKey(key(), owner, newSigningKey());
    const stranger = await agentOf(key());
    const before = await tenantRows(tenant.organizationId);
    expectError(
      await call("POST", `/agents/${stranger}/keys/${keyId}/revoke`, { key: key() }),
      404,
      "not_found",
    );
    expectError(
      await call("POST", `/agents/${owner}/keys/akey-doesnotexist/revoke`, { key: key() }),
      404,
      "not_found",
    );
    expect(await tenantRows(tenant.organizationId)).toEqual(before);
  });
});
