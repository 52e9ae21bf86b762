import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { randomClientAddress } from "../support/api";
import { connectMcp } from "../support/mcp-client";
import { seedTenant, type TTestTenant } from "../support/tenant";

type TPosted = { status: number; headers: Headers; body: any; size: number };

let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant?.remove());

const mcpUrl = () => `${inject("baseUrl")}/sandbox/mcp`;

/** One POST of JSON-RPC to the MCP server, raw, as any HTTP client can send it. */
async function post(
  body: unknown,
  {
    address = randomClientAddress(),
    headers = {},
  }: { address?: string; headers?: Record<string, string> } = {},
): Promise<TPosted> {
  const response = await fetch(mcpUrl(), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "x-forwarded-for": address,
      ...headers,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
    size: text.length,
  };
}

const listTools = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list" });
const listToolsBatch = (size: number) => Array.from({ length: size }, (_, i) => listTools(i + 1));
const cancel = (requestId: number) => ({
  jsonrpc: "2.0",
  method: "notifications/cancelled",
  params: { requestId, reason: "no longer needed" },
});

describe("MCP over HTTP", () => {
  test("a batch that cancels one of its own requests is answered, that request included", async () => {
    // Twenty at once, as a client that would hold twenty connections open sends them.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post([listTools(1), cancel(1), listTools(2)])),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.map((response: { id: number }) => response.id)).toEqual([1, 2]);
      for (const response of answer.body) {
        expect(response.result.tools.length).toBeGreaterThan(40);
      }
    }
  });

  test("GET is 405 with Allow, so the official client opens no stream and never reconnects", async () => {
    const get = await fetch(mcpUrl(), {
      headers: { accept: "text/event-stream", "x-forwarded-for": randomClientAddress() },
      signal: AbortSignal.timeout(10_000),
    });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, DELETE, OPTIONS");
    expect(await get.json()).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32000, data: { code: "method_not_allowed" } },
    });

    for (const [method, status] of [
      ["HEAD", 405],
      ["OPTIONS", 204],
    ] as const) {
      const answer = await fetch(mcpUrl(), {
        method,
        headers: { "x-forwarded-for": randomClientAddress() },
      });
      expect(answer.status, method).toBe(status);
      expect(answer.headers.get("allow"), method).toBe("POST, DELETE, OPTIONS");
    }

    const gets: number[] = [];
    const seen: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method === "GET") gets.push(response.status);
      return response;
    };
    const client = await connectMcp({ fetch: seen });
    expect((await client.listTools()).tools.length).toBeGreaterThan(40);
    // The client retries a GET stream the server closes after a second, then every second.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await client.close();
    expect(gets).toEqual([405]);
  });

  test("unauthenticated, every message spends one request of the address's Free budget", async () => {
    const address = randomClientAddress();
    const started = Date.now();
    const batch = await post(listToolsBatch(10), { address });
    expect(batch.status).toBe(200);
    expect(batch.body).toHaveLength(10);
    expect(batch.headers.get("x-ratelimit-limit")).toBe("60");
    expect(Number(batch.headers.get("x-ratelimit-remaining"))).toBeLessThanOrEqual(1);

    // What refilled (one a second) since the batch passes; the next request is refused.
    const passed: TPosted[] = [];
    let limited = await post(listTools(11), { address });
    while (limited.status === 200 && passed.length < 5) {
      passed.push(limited);
      limited = await post(listTools(11), { address });
    }
    expect(passed.length).toBeLessThanOrEqual(Math.floor((Date.now() - started) / 1000));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited.body).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32000,
        message: expect.stringMatching(/^rate_limited: Too many requests; retry in \d+ seconds\.$/),
        data: expect.objectContaining({ code: "rate_limited" }),
      },
    });

    // A wrong key is no credential; a working one is not counted against the address.
    const wrongKey = `sk_test_${"x".repeat(32)}`;
    const refused = await post(listTools(12), {
      address,
      headers: { authorization: `Bearer ${wrongKey}` },
    });
    expect(refused.status).toBe(429);
    const withKey = await post(listTools(13), {
      address,
      headers: { authorization: `Bearer ${tenant.keys.sandbox}` },
    });
    expect(withKey.status).toBe(200);
    expect(withKey.body).toMatchObject({ id: 13, result: { tools: expect.any(Array) } });
  });

  test("a batch holds 1 to 10 messages; more is one small JSON-RPC error, nothing served", async () => {
    for (const size of [100, 11, 0]) {
      const refused = await post(listToolsBatch(size), {
        headers: { authorization: `Bearer ${tenant.keys.sandbox}` },
      });
      expect(refused.status, String(size)).toBe(400);
      expect(refused.body).toEqual({
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32600,
          message: expect.stringContaining("1 to 10 messages"),
          data: expect.objectContaining({ code: "invalid_request", param: "body" }),
        },
      });
      expect(refused.size).toBeLessThan(1_000);
    }
    const ten = await post(listToolsBatch(10), {
      headers: { authorization: `Bearer ${tenant.keys.sandbox}` },
    });
    expect(ten.body).toHaveLength(10);
  });

  test("batches only under protocol version 2025-03-26, the one that had them", async () => {
    const pair = listToolsBatch(2);
    for (const version of ["2025-11-25", "2025-06-18", "2024-11-05"]) {
      const refused = await post(pair, { headers: { "mcp-protocol-version": version } });
      expect(refused.status, version).toBe(400);
      expect(refused.body).toEqual({
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32600,
          message: expect.stringContaining(version),
          data: expect.objectContaining({
            code: "invalid_request",
            param: "MCP-Protocol-Version",
          }),
        },
      });
    }
    // Without the header a server assumes 2025-03-26 (the transport specification says so).
    const stated: Record<string, string>[] = [{ "mcp-protocol-version": "2025-03-26" }, {}];
    for (const headers of stated) {
      const answered = await post(pair, { headers });
      expect(answered.status).toBe(200);
      expect(answered.body.map((response: { id: number }) => response.id)).toEqual([1, 2]);
    }
    const single = await post(listTools(3), { headers: { "mcp-protocol-version": "2025-11-25" } });
    expect(single.body).toMatchObject({
      jsonrpc: "2.0",
      id: 3,
      result: { tools: expect.any(Array) },
    });
  });

  test("a body that is not JSON is a JSON-RPC parse error", async () => {
    const response = await fetch(mcpUrl(), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "x-forwarded-for": randomClientAddress(),
      },
      body: "[{",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700 },
    });
  });
});
