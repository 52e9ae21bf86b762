import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { randomClientAddress } from "../support/api";
import { connectMcp } from "../support/mcp-client";
import { toolErrorOf } from "../support/mcp-tool-error";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
let client: Client;

beforeAll(async () => {
  tenant = await seedTenant();
  client = await connectMcp({ credential: tenant.keys.sandbox });
});

afterAll(async () => {
  await client?.close();
  await tenant?.remove();
});

/** What the client throws for a request, as an McpError. */
async function refusal(request: Promise<unknown>): Promise<McpError> {
  const error = await request.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

/** One JSON-RPC request to /sandbox/mcp, raw, to read the error as it is on the wire. */
async function rawCall(method: string, params: unknown) {
  const response = await fetch(`${inject("baseUrl")}/sandbox/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-11-25",
      "x-forwarded-for": randomClientAddress(),
      authorization: `Bearer ${tenant.keys.sandbox}`,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return (await response.json()) as { error?: { code: number; message: string } };
}

describe("MCP protocol errors", () => {
  test("an unknown tool is JSON-RPC -32602, its message prefixed once", async () => {
    const error = await refusal(client.callTool({ name: "no_such_tool", arguments: {} }));
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.message).toMatch(/^MCP error -32602: No tool named no_such_tool here; /);
    const wire = await rawCall("tools/call", { name: "no_such_tool", arguments: {} });
    expect(wire.error).toEqual({
      code: -32602,
      message: expect.stringMatching(/^No tool named no_such_tool here; /),
    });
  });

  test("arguments that are not an object are JSON-RPC -32602", async () => {
    const error = await refusal(
      client.request(
        { method: "tools/call", params: { name: "get_agent", arguments: "agt-1" as never } },
        CallToolResultSchema,
      ),
    );
    expect(error.code).toBe(ErrorCode.InvalidParams);
  });

  test("arguments the tool's schema refuses are a tool error the model can read (SEP-1303)", async () => {
    const result = await client.callTool({ name: "create_agent", arguments: { body: {} } });
    expect(result.isError).toBe(true);
    expect(toolErrorOf(result)).toMatchObject({ code: "invalid_request", param: "name" });
  });

  test("an unknown resource is -32602, its message prefixed once", async () => {
    const error = await refusal(client.readResource({ uri: "nothing://here" }));
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.message).toBe("MCP error -32602: Unknown resource nothing://here");
  });

  test("the server declares tools, resources and prompts, not logging, which it never sends", () => {
    expect(client.getServerCapabilities()).toEqual({ tools: {}, resources: {}, prompts: {} });
  });
});
