import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allScopes } from "@/lib/auth/scopes";
import { createApiKey } from "@/lib/keys/create-key";
import { revokeApiKey } from "@/lib/keys/revoke-key";
import { rollApiKey } from "@/lib/keys/roll-key";
import { call, eventually } from "../support/api";
import { agentOf } from "../support/deals";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";
import { tenantRows } from "../support/tenant-rows";

let tenant: TTestTenant;
let other: TTestTenant;
let agentId: string;
beforeAll(async () => {
  tenant = await seedTenant();
  other = await seedTenant();
  agentId = await agentOf(tenant.keys.sandbox);
});
afterAll(() => Promise.all([tenant.remove(), other.remove()]));

async function tokenFrom(key: string, agent = agentId) {
  const issued = await call("POST", "/auth/token", {
    key,
    body: { agent_id: agent, scopes: ["agent.read"] },
  });
  expect(issued.status).toBe(201);
  return issued.body.token as string;
}

const works = async (token: string) => (await call("GET", "/agents", { key: token })).status;

/** Waits out every process's key cache, then expects the token to be refused with `message`. */
async function refused(token: string, message: RegExp) {
  await eventually(async () => {
    const answer = await call("GET", "/agents", { key: token });
    expectError(answer, 401, "unauthorized");
    expect(answer.body.error.message).toMatch(message);
  });
}

const freshKey = async () =>
  createApiKey({
    organizationId: tenant.organizationId,
    environment: "sandbox",
    name: "issuer",
    scopes: allScopes,
  });

describe("revoking the key that issued a token", () => {
  test("ends the token; a token of another key keeps working", async () => {
    const issuer = await freshKey();
    const token = await tokenFrom(issuer.secret);
    const unrelated = await tokenFrom(tenant.keys.sandbox);
    expect(await works(token)).toBe(200);
    await revokeApiKey({ organizationId: tenant.organizationId, keyId: issuer.key.id });
    await refused(token, /API key that issued this agent token was revoked/);
    expect(await works(unrelated)).toBe(200);
  });

  test("rolling the key ends its tokens when the overlap ends", async () => {
    const issuer = await freshKey();
    const token = await tokenFrom(issuer.secret);
    await rollApiKey({
      organizationId: tenant.organizationId,
      keyId: issuer.key.id,
      overlap: "now",
    });
    await refused(token, /revoked or rolled/);
  });
});

describe("POST /v1/auth/token/revoke", () => {
  const revoke = (body: unknown, key = tenant.keys.sandbox) =>
    call("POST", "/auth/token/revoke", { key, body });

  test("by jti: that token only", async () => {
    const first = await tokenFrom(tenant.keys.sandbox);
    const second = await tokenFrom(tenant.keys.sandbox);
    const jti = decodeJwt(first).jti;
    const answer = await revoke({ jti });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      revoked: true,
      jti,
      agentId: null,
      revokedAt: expect.any(String),
    });
    await refused(first, /This agent token was revoked/);
    expect(await works(second)).toBe(200);
    expect((await revoke({ jti })).status).toBe(200);
  });

  test("by agent: every token issued so far; a token issued afterwards works", async () => {
    const agent = await agentOf(tenant.keys.sandbox);
    const tokens = [
      await tokenFrom(tenant.keys.sandbox, agent),
      await tokenFrom(tenant.keys.sandbox, agent),
    ];
    const answer = await revoke({ agentId: agent });
    expect(answer.body).toMatchObject({ revoked: true, jti: null, agentId: agent });
    for (const token of tokens) await refused(token, /This agent token was revoked/);
    expect(await works(await tokenFrom(tenant.keys.sandbox, agent))).toBe(200);
  });

  test("by agent: a token issued in the same second as the revocation, after it, works", async () => {
    const agent = await agentOf(tenant.keys.sandbox);
    const before = await tokenFrom(tenant.keys.sandbox, agent);
    // Start at the top of a second, so that the revocation and the next token share it.
    await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000)));
    const answer = await revoke({ agentId: agent });
    const after = await tokenFrom(tenant.keys.sandbox, agent);
    const revokedAt = Date.parse(answer.body.revokedAt);
    expect(decodeJwt(after).iat).toBe(Math.floor(revokedAt / 1_000));
    expect(await works(after)).toBe(200);
    await refused(before, /This agent token was revoked/);
  });

  test("refuses bad input and other organizations' agents, writing nothing", async () => {
    const before = await tenantRows(tenant.organizationId);
    expectError(await revoke({}), 400, "invalid_request", "jti");
    expectError(
      await revoke({ jti: "tok-0000000000000000", agentId }),
      400,
      "invalid_request",
      "jti",
    );
    expectError(await revoke({ jti: "not-a-token" }), 400, "invalid_request", "jti");
    expectError(await revoke({ agentId, extra: 1 }), 400, "invalid_request", "extra");
    const stranger = await agentOf(other.keys.sandbox);
    expectError(await revoke({ agentId: stranger }), 404, "not_found");
    const production = await call("POST", "/auth/token/revoke", {
      key: tenant.keys.production,
      environment: "production",
      body: { agentId },
    });
    expectError(production, 404, "not_found");
    expect(await tenantRows(tenant.organizationId)).toEqual(before);
  });

  test("needs an API key of the right environment", async () => {
    expectError(
      await call("POST", "/auth/token/revoke", { body: { agentId } }),
      401,
      "unauthorized",
    );
    const token = await tokenFrom(tenant.keys.sandbox);
    expectError(await revoke({ agentId }, token), 403, "forbidden");
    const wrongEnvironment = await call("POST", "/auth/token/revoke", {
      key: tenant.keys.production,
      environment: "sandbox",
      body: { agentId },
    });
    expect(wrongEnvironment.status).toBe(401);
  });
});
