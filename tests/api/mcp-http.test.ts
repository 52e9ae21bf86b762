import { describe, expect, inject, test } from "vitest";
import { randomClientAddress } from "../support/api";

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
