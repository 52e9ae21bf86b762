import { describe, expect, inject, test } from "vitest";
import { randomClientAddress } from "../support/api";
import { connectMcp } from "../support/mcp-client";

type TPosted = { status: number; headers: Headers; body: any; size: number };

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
