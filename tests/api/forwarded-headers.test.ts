import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { randomClientAddress } from "../support/api";
import { startChildServer, type TChildServer } from "../support/child-server";

/** A server that trusts no proxy: every caller is its socket's peer, whatever it forwards. */
let server: TChildServer;

beforeAll(async () => {
  server = await startChildServer({
    // Its own rate-limit counters, so no other test's requests from this host share the budget.
    env: { TRUSTED_PROXIES: "", RATE_LIMIT_PREFIX: `ass:test:forwarded:${Date.now()}` },
  });
});
afterAll(async () => {
  await server?.stop();
});

const unauthenticated = (base: string, headers: Record<string, string>) =>
  fetch(`${base}/sandbox/v1/agents`, { headers });

describe("forwarding headers from a client that is not a trusted proxy", () => {
  test("rotating X-Forwarded-For does not escape the per-address limit", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const response = await unauthenticated(server.baseUrl, {
        "x-forwarded-for": randomClientAddress(),
      });
      statuses.push(response.status);
      if (response.status === 429) {
        const body = await response.json();
        expect(body.error.code).toBe("rate_limited");
        break;
      }
      await response.body?.cancel();
    }
    expect(statuses.at(-1)).toBe(429);
    // The Free burst of the address, shared by every forged address.
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
  });

  test("X-Forwarded-Host is not reflected into doc_url", async () => {
    const response = await fetch(`${server.baseUrl}/sandbox/v1/agents/agent-nope`, {
      headers: {
        authorization: "Bearer sk_test_x",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
        "x-forwarded-for": randomClientAddress(),
      },
    });
    const body = await response.json();
    expect(body.error.doc_url).toBeDefined();
    expect(new URL(body.error.doc_url).host).toBe(`127.0.0.1:${server.port}`);
  });

  test("X-Forwarded-Host does not pass the console's Origin check", async () => {
    const response = await fetch(`${server.baseUrl}/api/sign-up`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: "https://evil.example",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
      },
      body: JSON.stringify({
        name: "Mallory",
        email: `mallory-${Date.now()}@example.com`,
        password: "correct horse battery staple",
        organizationName: "Mallory Inc",
      }),
    });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("forbidden");
  });
});

describe("forwarding headers from a trusted proxy", () => {
  test("the forwarded client address and host count", async () => {
    const address = randomClientAddress();
    const first = await unauthenticated(inject("baseUrl"), {
      "x-forwarded-for": `192.0.2.1, ${address}`,
    });
    const again = await unauthenticated(inject("baseUrl"), { "x-forwarded-for": address });
    // Both requests are the same client (the rightmost untrusted hop), so one budget.
    expect(Number(again.headers.get("x-ratelimit-remaining"))).toBe(
      Number(first.headers.get("x-ratelimit-remaining")) - 1,
    );
    const proxied = await fetch(`${inject("baseUrl")}/sandbox/v1/agents`, {
      headers: {
        "x-forwarded-host": "api.example.com",
        "x-forwarded-proto": "https",
        "x-forwarded-for": randomClientAddress(),
      },
    });
    expect((await proxied.json()).error.doc_url).toMatch(/^https:\/\/api\.example\.com\//);
  });
});
