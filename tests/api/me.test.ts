import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApiKey } from "@/lib/keys/create-key";
import { rateLimitTiers } from "@/lib/ratelimit/tiers";
import { call } from "../support/api";
import { agentOf } from "../support/deals";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;

beforeAll(async () => {
  tenant = await seedTenant({ plan: "pro" });
});
afterAll(() => tenant?.remove());

describe("GET /v1/me", () => {
  test("an API key: its organization, environment, key id, scopes and plan", async () => {
    const reader = await createApiKey({
      organizationId: tenant.organizationId,
      environment: "production",
      name: "reader",
      scopes: ["agent.read", "receipt.read"],
    });
    const me = await call("GET", "/me", { key: reader.secret, environment: "production" });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      object: "me",
      organizationId: tenant.organizationId,
      environment: "production",
      credential: { kind: "api_key", keyId: reader.key.id },
      scopes: ["agent.read", "receipt.read"],
      plan: { tier: "pro", rateLimit: rateLimitTiers.pro },
    });
  });

  test("an agent token: the agent it acts as, its jti and the key that issued it", async () => {
    const agentId = await agentOf(tenant.keys.sandbox);
    const issued = await call("POST", "/auth/token", {
      key: tenant.keys.sandbox,
      body: { agent_id: agentId, scopes: ["settlement.read"] },
    });
    expect(issued.status).toBe(201);
    const me = await call("GET", "/me", { key: issued.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      organizationId: tenant.organizationId,
      environment: "sandbox",
      credential: {
        kind: "agent_token",
        agentId,
        tokenId: expect.stringMatching(/.+/),
        issuerKeyId: tenant.keyIds.sandbox,
      },
      scopes: ["settlement.read"],
    });
  });

  test("no credential, or the other environment's key: 401", async () => {
    expectError(await call("GET", "/me", { key: "" }), 401, "unauthorized");
    expectError(await call("GET", "/me", { key: tenant.keys.production }), 401, "unauthorized");
  });
});
