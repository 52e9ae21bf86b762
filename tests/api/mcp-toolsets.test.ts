import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { randomClientAddress } from "../support/api";
import { connectMcp } from "../support/mcp-client";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
const clients: Client[] = [];

beforeAll(async () => {
  tenant = await seedTenant();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await tenant?.remove();
});

/** The tools a connection with these options lists, by name, with their annotations. */
async function listed(options: Parameters<typeof connectMcp>[0]) {
  const client = await connectMcp(options);
  clients.push(client);
  const { tools } = await client.listTools();
  return { client, tools, names: tools.map((tool) => tool.name) };
}

describe("MCP toolsets, read-only mode, scopes and environment", () => {
  test("wallet funding is offered in the sandbox only", async () => {
    const sandbox = await listed({ credential: tenant.keys.sandbox });
    const production = await listed({
      credential: tenant.keys.production,
      environment: "production",
    });
    expect(sandbox.names).toContain("fund_agent_wallet");
    expect(production.names).not.toContain("fund_agent_wallet");
    expect(production.names).toEqual(sandbox.names.filter((name) => name !== "fund_agent_wallet"));
    // Without a credential (discovery), the environment still decides.
    expect((await listed({ environment: "production" })).names).not.toContain("fund_agent_wallet");
  });

  test("a credential sees only the tools its scopes allow", async () => {
    const key = await listed({ credential: tenant.keys.sandbox });
    const agent = await key.client.callTool({
      name: "create_agent",
      arguments: { body: { name: "Scoped" } },
    });
    const agentId = (agent.structuredContent as { id: string }).id;
    const issued = await key.client.callTool({
      name: "issue_agent_token",
      arguments: { body: { agent_id: agentId, scopes: ["agent.read", "receipt.read"] } },
    });
    const token = (issued.structuredContent as { token: string }).token;
    const reader = await listed({ credential: token });
    expect(reader.names).toEqual(
      expect.arrayContaining(["get_agent", "list_agents", "get_receipt", "get_me"]),
    );
    for (const name of [
      "create_agent", // agent.register
      "list_receipts", // receipt.list
      "settle", // settlement.*
      "issue_agent_token", // an API key's only
      "list_webhooks", // organization-wide: not for an agent token
      "fund_agent_wallet",
    ]) {
      expect(reader.names, name).not.toContain(name);
    }
    // Without a write scope, every tool it is offered changes nothing.
    for (const tool of reader.tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    expect(reader.names.length).toBeLessThan(key.names.length);
  });

  test("?toolsets= (or X-MCP-Toolsets) narrows the tools to the chosen groups", async () => {
    const all = await listed({ credential: tenant.keys.sandbox });
    const chosen = await listed({
      credential: tenant.keys.sandbox,
      query: "?toolsets=agents,receipts",
    });
    expect(chosen.names).toEqual(
      expect.arrayContaining(["create_agent", "add_agent_key", "get_receipt", "verify_receipt"]),
    );
    for (const name of ["create_negotiation", "settle", "list_webhooks", "get_log_tile"]) {
      expect(chosen.names, name).not.toContain(name);
    }
    expect(chosen.names.length).toBeLessThan(all.names.length);
    const byHeader = await listed({
      credential: tenant.keys.sandbox,
      headers: { "x-mcp-toolsets": "agents,receipts" },
    });
    expect(byHeader.names).toEqual(chosen.names);
    // A tool outside the chosen toolsets is unknown here.
    await expect(
      chosen.client.callTool({ name: "list_negotiations", arguments: {} }),
    ).rejects.toThrow(/-32602/);
  });

  test("?readonly=1 (or X-MCP-Readonly) offers only the tools that change nothing", async () => {
    const readOnly = await listed({ credential: tenant.keys.sandbox, query: "?readonly=1" });
    expect(readOnly.names).toEqual(
      expect.arrayContaining(["get_agent", "list_settlements", "verify_receipt"]),
    );
    for (const name of ["create_agent", "delete_agent", "settle", "execute_settlement"]) {
      expect(readOnly.names, name).not.toContain(name);
    }
    for (const tool of readOnly.tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    const byHeader = await listed({
      credential: tenant.keys.sandbox,
      headers: { "x-mcp-readonly": "true" },
    });
    expect(byHeader.names).toEqual(readOnly.names);
    const both = await listed({
      credential: tenant.keys.sandbox,
      query: "?toolsets=settlements&readonly=1",
    });
    expect(both.names.sort()).toEqual(
      ["get_settlement", "get_settlement_stats", "list_settlements"].sort(),
    );
  });

  test("the stdio server takes --toolsets and --readonly", async () => {
    const client = new Client({ name: "desktop-host", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: "node_modules/.bin/tsx",
        args: [
          ...["--tsconfig", "tsconfig.json", "cli/index.ts", "mcp"],
          ...["--api-key", tenant.keys.sandbox, "--url", inject("baseUrl")],
          ...["--toolsets", "settlements", "--readonly"],
        ],
        stderr: "pipe",
      }),
    );
    clients.push(client);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names.sort()).toEqual(
      ["get_settlement", "get_settlement_stats", "list_settlements"].sort(),
    );
  }, 60_000);

  test("an unknown toolset is refused, naming the toolsets", async () => {
    const response = await fetch(`${inject("baseUrl")}/sandbox/mcp?toolsets=agents,nope`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "x-forwarded-for": randomClientAddress(),
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32600);
    expect(body.error.message).toContain(
      "No toolset named nope; the toolsets are agents, auth, negotiations, settlements, webhooks, receipts, attest, x402.",
    );
  });
});
