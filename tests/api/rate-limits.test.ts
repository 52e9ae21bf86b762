import { afterAll, describe, expect, test } from "vitest";
import type { TScope } from "@/lib/auth/scopes";
import { call, randomClientAddress, type TApiResponse } from "../support/api";
import { seedTenant, type TTestTenant } from "../support/tenant";

const tenants: TTestTenant[] = [];
afterAll(() => Promise.all(tenants.map((tenant) => tenant.remove())));

async function freeTenant(scopes?: readonly TScope[]) {
  const tenant = await seedTenant({ plan: "free", scopes });
  tenants.push(tenant);
  return tenant;
}

function limits(response: TApiResponse) {
  return {
    limit: Number(response.headers.get("x-ratelimit-limit")),
    remaining: Number(response.headers.get("x-ratelimit-remaining")),
    reset: Number(response.headers.get("x-ratelimit-reset")),
    retryAfter: response.headers.get("retry-after"),
  };
}

/** Sends requests until the first 429; also says how many whole seconds it took (refills). */
async function untilLimited(send: () => Promise<TApiResponse>) {
  const started = Date.now();
  const passed: TApiResponse[] = [];
  for (;;) {
    const response = await send();
    if (response.status === 429) {
      return { passed, limited: response, refills: Math.floor((Date.now() - started) / 1000) };
    }
    passed.push(response);
    if (passed.length > 50) throw new Error("never rate limited");
  }
}

describe("rate limits per organization, environment and plan", () => {
  test("free: a burst of 10, then 429 with Retry-After, then one a second", async () => {
    const tenant = await freeTenant();
    const { passed, limited, refills } = await untilLimited(() =>
      call("GET", "/agents", { key: tenant.keys.sandbox }),
    );
    // Exactly the burst, plus whatever refilled while the requests ran (usually nothing).
    expect(passed.length).toBeGreaterThanOrEqual(10);
    expect(passed.length).toBeLessThanOrEqual(10 + refills);
    expect(passed.every((response) => response.status === 200)).toBe(true);
    expect(limits(passed[0]!)).toMatchObject({ limit: 60, remaining: 9 });
    const now = Math.floor(Date.now() / 1000);
    for (const response of passed) {
      const { reset } = limits(response);
      expect(reset).toBeGreaterThanOrEqual(now);
      expect(reset).toBeLessThanOrEqual(now + 11);
    }

    expect(limited.body.error.code).toBe("rate_limited");
    const refused = limits(limited);
    expect(refused).toMatchObject({ limit: 60, remaining: 0 });
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(2);
    // The bucket is full again after all 10 tokens have been refilled, one a second.
    expect(refused.reset).toBeGreaterThanOrEqual(now + 9);
    expect(refused.reset).toBeLessThanOrEqual(now + 11);

    await new Promise((resolve) => setTimeout(resolve, Number(refused.retryAfter) * 1000));
    const afterRefill = await call("GET", "/agents", { key: tenant.keys.sandbox });
    expect(afterRefill.status).toBe(200);
    expect(limits(afterRefill).remaining).toBeLessThanOrEqual(1);
  });

  test("every response carries the headers: 200, 400, 403, 404, 405 and unknown routes", async () => {
    const tenant = await freeTenant(["agent.read"]);
    const key = tenant.keys.sandbox;
    const responses = [
      await call("GET", "/agents", { key }),
      await call("GET", "/agents?limit=1000", { key }),
      await call("POST", "/agents", { key, body: { name: "No scope" } }),
      await call("GET", "/agents/agent-0000000000000000", { key }),
      await call("PUT", "/agents", { key }),
      await call("GET", "/no-such-route", { key }),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 400, 403, 404, 405, 404]);
    // Each of them spent one request of the same budget.
    expect(responses.map((response) => limits(response).remaining)).toEqual([9, 8, 7, 6, 5, 4]);
    for (const response of responses) expect(limits(response).limit).toBe(60);
  });

  test("a 429 answers before anything else, errors included", async () => {
    const tenant = await freeTenant();
    const key = tenant.keys.sandbox;
    await untilLimited(() => call("GET", "/agents/agent-0000000000000000", { key }));
    const invalid = await call("GET", "/agents?limit=1000", { key });
    expect(invalid.status).toBe(429);
    expect(invalid.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  test("organizations, and sandbox and production, never share a budget", async () => {
    const first = await freeTenant();
    const second = await freeTenant();
    await untilLimited(() => call("GET", "/agents", { key: first.keys.sandbox }));
    const production = await call("GET", "/agents", {
      key: first.keys.production,
      environment: "production",
    });
    expect(production.status).toBe(200);
    expect(limits(production).remaining).toBe(9);
    const otherOrganization = await call("GET", "/agents", { key: second.keys.sandbox });
    expect(otherOrganization.status).toBe(200);
    expect(limits(otherOrganization).remaining).toBe(9);
  });

  test("an agent token spends its organization's budget", async () => {
    const tenant = await freeTenant();
    const key = tenant.keys.sandbox;
    const agent = await call("POST", "/agents", { key, body: { name: "Spender" } });
    const token = await call("POST", "/auth/token", {
      key,
      body: { agent_id: agent.body.id, scopes: ["agent.read"] },
    });
    const withToken = await call("GET", "/agents", { key: token.body.token });
    expect(withToken.status).toBe(200);
    expect(limits(withToken)).toMatchObject({ limit: 60, remaining: 7 });
  });

  test("the per-minute limit follows the plan", async () => {
    for (const [plan, perMinute] of [
      ["pro", 600],
      ["enterprise", 6000],
    ] as const) {
      const tenant = await seedTenant({ plan });
      tenants.push(tenant);
      const response = await call("GET", "/agents", { key: tenant.keys.sandbox });
      expect(limits(response).limit).toBe(perMinute);
    }
  });
});

describe("unauthenticated requests are limited per client address", () => {
  test("with the Free numbers, separately for each address", async () => {
    const address = randomClientAddress();
    const headers = { "x-forwarded-for": address };
    const { passed, limited } = await untilLimited(() => call("GET", "/agents", { headers }));
    expect(passed.length).toBeGreaterThanOrEqual(10);
    expect(passed.every((response) => response.status === 401)).toBe(true);
    expect(limits(passed[0]!)).toMatchObject({ limit: 60, remaining: 9 });
    expect(limited.body.error.code).toBe("rate_limited");

    // A wrong key from the same address is counted against the address, too.
    const wrongKey = await call("GET", "/agents", { key: `sk_test_${"x".repeat(32)}`, headers });
    expect(wrongKey.status).toBe(429);

    const elsewhere = await call("GET", "/agents", {
      headers: { "x-forwarded-for": randomClientAddress() },
    });
    expect(elsewhere.status).toBe(401);
    expect(limits(elsewhere).remaining).toBe(9);
  });
});
