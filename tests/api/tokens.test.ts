import { createHmac, generateKeyPairSync } from "node:crypto";
import { eq, isNull } from "drizzle-orm";
import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  exportSPKI,
  importJWK,
  importPKCS8,
  type JWK,
  jwtVerify,
  SignJWT,
} from "jose";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { agents, jwtSigningKeys } from "@/db/schema";
import { open } from "@/lib/crypto/sealed-secret";
import { secretContexts } from "@/lib/crypto/secret-contexts";
import { rotateSigningKey } from "@/lib/tokens/rotate-signing-key";
import { generateSigningKeyMaterial, storedSigningKey } from "@/lib/tokens/signing-key-material";
import { call, eventually } from "../support/api";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
let other: TTestTenant;
let agentId: string;
let productionAgentId: string;

const issue = (body: Record<string, unknown>, key = tenant.keys.sandbox) =>
  call("POST", "/auth/token", { key, body });

async function tokenFor(scopes: string[], options: { ttlSeconds?: number; agent?: string } = {}) {
  const response = await issue({
    agent_id: options.agent ?? agentId,
    scopes,
    ...(options.ttlSeconds ? { ttlSeconds: options.ttlSeconds } : {}),
  });
  expect(response.status).toBe(201);
  return response.body.token as string;
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** Claims exactly like a real token of ours, for forgeries that differ in one respect only. */
function validClaims(overrides: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    iss: inject("baseUrl"),
    sub: agentId,
    aud: `${inject("baseUrl")}/sandbox/v1`,
    org: tenant.organizationId,
    env: "sandbox",
    scope: "agent.read",
    jti: "tok-forged0000000000",
    iat: now,
    exp: now + 600,
    ...overrides,
  };
}

/** The active generated key, its private half opened as the server opens it. */
async function activeStoredKey() {
  const [row] = await db.select().from(jwtSigningKeys).where(isNull(jwtSigningKeys.retiredAt));
  return { ...row!, privatePem: open(row!.privatePem!, secretContexts.jwtPrivateKey(row!.kid)) };
}

beforeAll(async () => {
  tenant = await seedTenant({ scopes: ["agent.read", "agent.register", "agent.update"] });
  other = await seedTenant();
  const agent = await call("POST", "/agents", {
    key: tenant.keys.sandbox,
    body: { name: "Payer" },
  });
  agentId = agent.body.id;
  const production = await call("POST", "/agents", {
    key: tenant.keys.production,
    environment: "production",
    body: { name: "Payer (live)" },
  });
  productionAgentId = production.body.id;
});
afterAll(async () => {
  await tenant.remove();
  await other.remove();
});

describe("POST /v1/auth/token", () => {
  test("issues an RS256 token with every claim", async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await issue({
      agent_id: agentId,
      scopes: ["agent.read", "agent.update"],
      ttlSeconds: 900,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      tokenType: "Bearer",
      agentId,
      scopes: ["agent.read", "agent.update"],
      expiresIn: 900,
    });
    const header = decodeProtectedHeader(response.body.token);
    expect(header).toMatchObject({ alg: "RS256", typ: "JWT" });
    expect(header.kid).toEqual(expect.any(String));
    const claims = decodeJwt(response.body.token);
    expect(claims).toEqual({
      iss: inject("baseUrl"),
      sub: agentId,
      aud: `${inject("baseUrl")}/sandbox/v1`,
      org: tenant.organizationId,
      env: "sandbox",
      scope: "agent.read agent.update",
      key: tenant.keyIds.sandbox,
      gen: 0,
      jti: expect.stringMatching(/^tok-[0-9A-Za-z]{16}$/),
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.exp).toBe(claims.iat! + 900);
    expect(response.body.expiresAt).toBe(new Date(claims.exp! * 1000).toISOString());
  });

  test("the TTL defaults to one hour and is at most 24 hours", async () => {
    const defaulted = await issue({ agent_id: agentId, scopes: ["agent.read"] });
    expect(defaulted.body.expiresIn).toBe(3600);
    const longest = await issue({ agent_id: agentId, scopes: ["agent.read"], ttlSeconds: 86_400 });
    expect(longest.status).toBe(201);
    const tooLong = await issue({ agent_id: agentId, scopes: ["agent.read"], ttlSeconds: 86_401 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({ code: "invalid_request", param: "ttlSeconds" });
  });

  test("a scope outside the key's is 403 with param scopes", async () => {
    const response = await issue({ agent_id: agentId, scopes: ["agent.read", "agent.delete"] });
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({ code: "forbidden", param: "scopes" });
    expect(response.body.error.message).toContain("agent.delete");
  });

  test("the agent must belong to the key's organization and environment", async () => {
    const otherAgent = await call("POST", "/agents", {
      key: other.keys.sandbox,
      body: { name: "Someone else's" },
    });
    expect((await issue({ agent_id: otherAgent.body.id, scopes: ["agent.read"] })).status).toBe(
      404,
    );
    expect((await issue({ agent_id: productionAgentId, scopes: ["agent.read"] })).status).toBe(404);
    expect((await issue({ agent_id: "agent-doesnotexist00", scopes: ["agent.read"] })).status).toBe(
      404,
    );
  });

  test("only an API key can issue tokens", async () => {
    const token = await tokenFor(["agent.read"]);
    const response = await issue({ agent_id: agentId, scopes: ["agent.read"] }, token);
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("forbidden");
  });
});

describe("GET /.well-known/jwks.json", () => {
  test("an independent verifier accepts our tokens with the published keys over HTTP", async () => {
    const token = await tokenFor(["agent.read"]);
    const jwks = createRemoteJWKSet(new URL(`${inject("baseUrl")}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(token, jwks, {
      algorithms: ["RS256"],
      issuer: inject("baseUrl"),
      audience: `${inject("baseUrl")}/sandbox/v1`,
    });
    expect(payload.sub).toBe(agentId);
    expect(protectedHeader.alg).toBe("RS256");
  });

  test("is public and holds public halves only", async () => {
    const response = await fetch(`${inject("baseUrl")}/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    const { keys } = (await response.json()) as { keys: JWK[] };
    // Token keys (RS256) and the attest log's tree-head keys (Ed25519), public halves only.
    expect(keys.some((key) => key.kty === "RSA" && key.alg === "RS256")).toBe(true);
    for (const key of keys) {
      expect(["RSA/RS256", "OKP/EdDSA"]).toContain(`${key.kty}/${key.alg}`);
      expect(key.use).toBe("sig");
      for (const secret of ["d", "p", "q", "dp", "dq", "qi"] as const) {
        expect(key[secret]).toBeUndefined();
      }
    }
  });
});

describe("agent tokens as credentials", () => {
  test("a token acts with its own scopes only", async () => {
    const token = await tokenFor(["agent.read"]);
    const listed = await call("GET", "/agents", { key: token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((agent: { id: string }) => agent.id)).toContain(agentId);
    const create = await call("POST", "/agents", { key: token, body: { name: "Not allowed" } });
    expect(create.status).toBe(403);
    expect(create.body.error.message).toContain("agent.register");
  });

  test("a sandbox token is refused at production and a production token at sandbox", async () => {
    const sandboxToken = await tokenFor(["agent.read"]);
    const atProduction = await call("GET", "/agents", {
      key: sandboxToken,
      environment: "production",
    });
    expect(atProduction.status).toBe(401);

    const live = await call("POST", "/auth/token", {
      key: tenant.keys.production,
      environment: "production",
      body: { agent_id: productionAgentId, scopes: ["agent.read"] },
    });
    expect(live.status).toBe(201);
    expect(decodeJwt(live.body.token).aud).toBe(`${inject("baseUrl")}/v1`);
    expect((await call("GET", "/agents", { key: live.body.token })).status).toBe(401);
    const atHome = await call("GET", "/agents", {
      key: live.body.token,
      environment: "production",
    });
    expect(atHome.status).toBe(200);
  });

  test("alg none is refused", async () => {
    const forged = `${b64url({ alg: "none", typ: "JWT" })}.${b64url(validClaims())}.`;
    const response = await call("GET", "/agents", { key: forged });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("unauthorized");
  });

  test("HS256 signed with the published public key is refused", async () => {
    const { kid, publicJwk } = await activeStoredKey();
    const publicPem = await exportSPKI((await importJWK(publicJwk, "RS256")) as CryptoKey);
    const signingInput = `${b64url({ alg: "HS256", typ: "JWT", kid })}.${b64url(validClaims())}`;
    for (const secret of [publicPem, JSON.stringify(publicJwk)]) {
      const signature = createHmac("sha256", secret).update(signingInput).digest("base64url");
      const response = await call("GET", "/agents", { key: `${signingInput}.${signature}` });
      expect(response.status).toBe(401);
    }
  });

  test("a token signed by a key we never published is refused", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const foreign = await new SignJWT(validClaims())
      .setProtectedHeader({ alg: "RS256", kid: "not-one-of-ours", typ: "JWT" })
      .sign(privateKey);
    const response = await call("GET", "/agents", { key: foreign });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toContain("unknown key");

    const { kid } = await activeStoredKey();
    const impostor = await new SignJWT(validClaims())
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .sign(privateKey);
    expect((await call("GET", "/agents", { key: impostor })).status).toBe(401);
  });

  test("a token for another audience is refused", async () => {
    const { kid, privatePem } = await activeStoredKey();
    const key = await importPKCS8(privatePem, "RS256");
    const elsewhere = await new SignJWT(validClaims({ aud: "https://other.example.com/v1" }))
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .sign(key);
    const response = await call("GET", "/agents", { key: elsewhere });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toContain("base address");
  });

  test("an expired token is refused", async () => {
    const { kid, privatePem } = await activeStoredKey();
    const key = await importPKCS8(privatePem, "RS256");
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT(validClaims({ iat: now - 7200, exp: now - 3600 }))
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .sign(key);
    const response = await call("GET", "/agents", { key: expired });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toContain("expired");
  });

  /** A token signed by the active key with claims that differ from a real one as given. */
  async function signedWith(overrides: Record<string, unknown>) {
    const { kid, privatePem } = await activeStoredKey();
    return new SignJWT(validClaims(overrides))
      .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
      .sign(await importPKCS8(privatePem, "RS256"));
  }

  test("a forged token that differs from a real one in one claim is refused", async () => {
    const now = Math.floor(Date.now() / 1000);
    const refusals: [string, Record<string, unknown>, string][] = [
      ["not yet valid", { nbf: now + 600 }, "not valid"],
      ["another issuer", { iss: "https://issuer.example.com" }, "not valid"],
      ["production claim, sandbox audience", { env: "production" }, "base address"],
      ["no environment claim", { env: undefined }, "required claims"],
    ];
    for (const [what, overrides, message] of refusals) {
      const response = await call("GET", "/agents", { key: await signedWith(overrides) });
      expect(response.status, what).toBe(401);
      expect(response.body.error.code, what).toBe("unauthorized");
      expect(response.body.error.message, what).toContain(message);
    }
    // The control: the same claims unchanged are accepted, so each refusal above is its claim's.
    expect((await call("GET", "/agents", { key: await signedWith({}) })).status).toBe(200);
  });

  test("alg none carrying a real kid is refused", async () => {
    const { kid } = await activeStoredKey();
    const forged = `${b64url({ alg: "none", typ: "JWT", kid })}.${b64url(validClaims())}.`;
    const response = await call("GET", "/agents", { key: forged });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toContain("RS256 only");
  });

  test("a key is refused as soon as its publish window ends", async () => {
    const material = await generateSigningKeyMaterial();
    const publishUntil = new Date(Date.now() + 10_000);
    await db.insert(jwtSigningKeys).values({
      ...storedSigningKey(material),
      publicJwk: material.publicJwk as Record<string, unknown>,
      retiredAt: new Date(),
      publishUntil,
    });
    try {
      const token = await new SignJWT(validClaims())
        .setProtectedHeader({ alg: "RS256", kid: material.kid, typ: "JWT" })
        .sign(await importPKCS8(material.privatePem, "RS256"));
      // An unknown kid reloads the published set at most every few seconds.
      await eventually(
        async () => expect((await call("GET", "/agents", { key: token })).status).toBe(200),
        8_000,
      );
      await new Promise((resolve) => setTimeout(resolve, publishUntil.getTime() - Date.now() + 50));
      const refused = await call("GET", "/agents", { key: token });
      expect(refused.status).toBe(401);
      expect(refused.body.error.message).toContain("unknown key");
    } finally {
      await db.delete(jwtSigningKeys).where(eq(jwtSigningKeys.kid, material.kid));
    }
  });

  test("a tampered payload is refused", async () => {
    const token = await tokenFor(["agent.read"]);
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8"));
    const widened = b64url({ ...claims, scope: "agent.read agent.register" });
    const response = await call("POST", "/agents", {
      key: `${header}.${widened}.${signature}`,
      body: { name: "Escalated" },
    });
    expect(response.status).toBe(401);
  });

  test("a token stops working when its agent is deleted", async () => {
    const agent = await call("POST", "/agents", {
      key: tenant.keys.sandbox,
      body: { name: "Short-lived" },
    });
    const token = await tokenFor(["agent.read"], { agent: agent.body.id });
    expect((await call("GET", "/agents", { key: token })).status).toBe(200);
    await db.update(agents).set({ deletedAt: new Date() }).where(eq(agents.id, agent.body.id));
    await eventually(async () => {
      const refused = await call("GET", "/agents", { key: token });
      expect(refused.status).toBe(401);
      expect(refused.body.error.message).toContain("no longer exists");
    });
  });
});

describe("signing key rotation", () => {
  test("tokens signed before a rotation stay valid; the old key stays published", async () => {
    const oldToken = await tokenFor(["agent.read"]);
    const oldKid = decodeProtectedHeader(oldToken).kid!;
    const { kid: newKid } = await rotateSigningKey();
    expect(newKid).not.toBe(oldKid);

    const published = await (await fetch(`${inject("baseUrl")}/.well-known/jwks.json`)).json();
    const kids = (published as { keys: JWK[] }).keys.map((key) => key.kid);
    expect(kids).toEqual(expect.arrayContaining([oldKid, newKid]));

    const [retired] = await db.select().from(jwtSigningKeys).where(eq(jwtSigningKeys.kid, oldKid));
    expect(retired!.retiredAt).not.toBeNull();
    expect(retired!.publishUntil!.getTime() - retired!.retiredAt!.getTime()).toBeGreaterThanOrEqual(
      86_400_000,
    );

    expect((await call("GET", "/agents", { key: oldToken })).status).toBe(200);
    const jwks = createRemoteJWKSet(new URL(`${inject("baseUrl")}/.well-known/jwks.json`));
    await expect(jwtVerify(oldToken, jwks, { algorithms: ["RS256"] })).resolves.toBeTruthy();
  });
});
