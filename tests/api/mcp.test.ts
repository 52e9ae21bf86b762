import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { toolDescriptions } from "@/lib/mcp/descriptions";
import { toolNameOf } from "@/lib/mcp/operation-tools";
import { allOperations } from "@/lib/openapi/operations";
import { eventually, randomClientAddress } from "../support/api";
import { connectMcp, stdioTransport } from "../support/mcp-client";
import { toolErrorOf } from "../support/mcp-tool-error";
import { issueTestReceipt, sealAll } from "../support/receipts";
import { seedTenant, type TTestTenant } from "../support/tenant";

type TResult = {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, any>;
};

let tenant: TTestTenant;
let other: TTestTenant;
const clients: Client[] = [];

/** An MCP client over Streamable HTTP with `credential`, closed when the file ends. */
async function connect(credential?: string, environment: "sandbox" | "production" = "sandbox") {
  const client = await connectMcp({ credential, environment });
  clients.push(client);
  return client;
}

const run = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as TResult;

const ok = (result: TResult) => {
  expect(result.isError, result.content[0]?.text).toBeFalsy();
  return result.structuredContent as Record<string, any>;
};

beforeAll(async () => {
  tenant = await seedTenant();
  other = await seedTenant();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await tenant?.remove();
  await other?.remove();
});

describe("the MCP server", () => {
  test("every API operation is a tool with a curated description, beside settle and verify_receipt", async () => {
    const client = await connect(tenant.keys.sandbox);
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    const asTools = allOperations.filter((operation) => !operation.notAnMcpTool);
    for (const operation of asTools) {
      expect(names).toContain(toolNameOf(operation.operationId));
      expect(toolDescriptions[operation.operationId], operation.operationId).toBeTruthy();
    }
    // A witness's cosignature is the one operation a model has nothing to give to.
    expect(
      allOperations.filter((operation) => operation.notAnMcpTool).map((each) => each.operationId),
    ).toEqual(["addLogCosignature"]);
    expect(names).not.toContain("add_log_cosignature");
    expect(names).toEqual(expect.arrayContaining(["settle", "verify_receipt"]));
    // verify_receipt is both an operation's name and the composite that stands in for it.
    expect(new Set(names).size).toBe(names.length);
    expect(tools).toHaveLength(asTools.length + 1);
    const createAgent = tools.find((tool) => tool.name === "create_agent")!;
    expect(createAgent.inputSchema).toMatchObject({
      type: "object",
      properties: { body: { type: "object" }, idempotencyKey: { type: "string" } },
    });
    expect(JSON.stringify(tools)).not.toContain("$ref");
  });

  test("the whole sandbox flow: agents, negotiation, accept, settle, verify", async () => {
    const client = await connect(tenant.keys.sandbox);
    const payer = ok(await run(client, "create_agent", { body: { name: "Buyer" } }));
    const payee = ok(await run(client, "create_agent", { body: { name: "Translator" } }));
    const negotiation = ok(
      await run(client, "create_negotiation", {
        body: {
          initiatorAgentId: payer.id,
          responders: [payee.id],
          terms: { amount: { value: 2500, currency: "USD" } },
        },
      }),
    );
    const accepted = ok(
      await run(client, "respond_to_negotiation", {
        id: negotiation.id,
        body: { agentId: payee.id, action: "accept" },
      }),
    );
    expect(accepted.status).toBe("accepted");
    const settled = await run(client, "settle", { negotiationId: negotiation.id });
    const outcome = ok(settled);
    expect(outcome.settlement).toMatchObject({ status: "executed", negotiationId: negotiation.id });
    expect(settled.content[0]!.text).toContain(`${outcome.settlement.id} is executed`);
    const receiptId = outcome.receiptId as string;
    expect(receiptId).toMatch(/^rcp-/);
    await eventually(async () => {
      expect(ok(await run(client, "get_receipt", { id: receiptId })).status).toBe("valid");
    }, 15_000);
    const verdict = await run(client, "verify_receipt", { receiptId });
    expect(ok(verdict)).toMatchObject({ receiptId, status: "valid", hashMatch: true });
    expect(verdict.content[0]!.text).toContain(`Receipt ${receiptId} is VALID`);

    const resource = await client.readResource({ uri: `receipt://${receiptId}` });
    expect(JSON.parse((resource.contents[0] as { text: string }).text)).toMatchObject({
      id: receiptId,
      settlementId: outcome.settlement.id,
    });
    const { resources } = await client.listResources();
    expect(resources.map((entry) => entry.uri)).toEqual(["docs://index", "openapi://v1"]);
    const openapi = await client.readResource({ uri: "openapi://v1" });
    expect(JSON.parse((openapi.contents[0] as { text: string }).text).openapi).toBe("3.1.0");
  }, 60_000);

  test("settle reports its steps as progress notifications when asked, over an event stream", async () => {
    const client = await connect(tenant.keys.sandbox);
    const payer = ok(await run(client, "create_agent", { body: { name: "Progress buyer" } }));
    const payee = ok(await run(client, "create_agent", { body: { name: "Progress seller" } }));
    const negotiation = ok(
      await run(client, "create_negotiation", {
        body: {
          initiatorAgentId: payer.id,
          responders: [payee.id],
          terms: { amount: { value: 1200, currency: "USD" } },
        },
      }),
    );
    ok(
      await run(client, "respond_to_negotiation", {
        id: negotiation.id,
        body: { agentId: payee.id, action: "accept" },
      }),
    );
    const reports: { progress: number; total?: number; message?: string }[] = [];
    // The official client sends a progressToken when given onprogress.
    const settled = (await client.callTool(
      { name: "settle", arguments: { negotiationId: negotiation.id } },
      undefined,
      { onprogress: (report) => reports.push(report) },
    )) as TResult;
    const { settlement } = ok(settled);
    expect(settlement.status).toBe("executed");
    expect(reports).toEqual([
      { progress: 1, total: 3, message: `Created settlement ${settlement.id}.` },
      { progress: 2, total: 3, message: `Executing ${settlement.id} on its rail.` },
      { progress: 3, total: 3, message: `${settlement.id} is executed.` },
    ]);
  }, 60_000);

  test("a retried call with the same idempotency key runs once", async () => {
    const client = await connect(tenant.keys.sandbox);
    const args = { body: { name: "Once" }, idempotencyKey: `mcp-${Date.now()}` };
    const first = ok(await run(client, "create_agent", args));
    const again = ok(await run(client, "create_agent", args));
    expect(again.id).toBe(first.id);
  });

  test("errors are tool errors carrying the API's envelope", async () => {
    const client = await connect(tenant.keys.sandbox);
    const bad = await run(client, "create_agent", { body: { name: 42 } });
    expect(bad.isError).toBe(true);
    expect(toolErrorOf(bad)).toMatchObject({ code: "invalid_request", param: "name" });
    expect(bad.content[0]!.text).toMatch(/^invalid_request: .*\(param: name\)$/);
    // A failure has no structured content: the outputSchema describes success.
    expect(bad.structuredContent).toBeUndefined();

    const anonymous = await connect();
    expect((await anonymous.listTools()).tools.length).toBeGreaterThan(40);
    // A call that needs a credential is HTTP 401, the OAuth challenge (mcp-oauth.test.ts); its
    // body is still the tool error that says why.
    await expect(run(anonymous, "list_agents", {})).rejects.toMatchObject({
      code: 401,
      message: expect.stringMatching(/"text":"unauthorized: .*"isError":true/s),
    });

    const production = await connect(tenant.keys.sandbox, "production");
    // The hint names where the sandbox key belongs: its base address and its MCP server.
    await expect(run(production, "list_agents", {})).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining("(/sandbox/v1) or, over MCP, to /sandbox/mcp."),
    });
  });

  test("over stdio, the CLI serves the same tools against a deployment's URL", async () => {
    const client = new Client({ name: "desktop-host", version: "1.0.0" });
    await client.connect(stdioTransport(tenant.keys.sandbox));
    clients.push(client);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("settle");
    const agent = ok(await run(client, "create_agent", { body: { name: "Over stdio" } }));
    expect(ok(await run(client, "get_agent", { id: agent.id })).name).toBe("Over stdio");
  }, 60_000);

  test("a browser page on another site cannot reach it (DNS rebinding)", async () => {
    const initialize = (headers: Record<string, string>) =>
      fetch(`${inject("baseUrl")}/sandbox/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "x-forwarded-for": randomClientAddress(),
          ...headers,
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-06-18",
            capabilities: {},
            clientInfo: { name: "page", version: "1" },
          },
        }),
      });
    const foreign = await initialize({ origin: "http://evil.example.com" });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    expect((await initialize({})).status).toBe(200);
  });

  test("an agent token without the scope is refused; another organization's ids are not found", async () => {
    const client = await connect(tenant.keys.sandbox);
    const agent = ok(await run(client, "create_agent", { body: { name: "Reader" } }));
    const token = ok(
      await run(client, "issue_agent_token", {
        body: { agent_id: agent.id, scopes: ["agent.read"] },
      }),
    );
    const asAgent = await connect(token.token);
    expect(ok(await run(asAgent, "get_agent", { id: agent.id })).id).toBe(agent.id);
    // A tool beyond the token's scopes is not offered, so it is unknown.
    expect((await asAgent.listTools()).tools.map((tool) => tool.name)).not.toContain(
      "create_agent",
    );
    await expect(run(asAgent, "create_agent", { body: { name: "Not allowed" } })).rejects.toThrow(
      /-32602/,
    );

    const stranger = await connect(other.keys.sandbox);
    const hidden = await run(stranger, "get_agent", { id: agent.id });
    expect(toolErrorOf(hidden)).toMatchObject({ code: "not_found" });
  });

  test("a tile path must be one: dot segments, encoded dots and backslashes reach no other route", async () => {
    await issueTestReceipt({
      tenant: { organizationId: tenant.organizationId, environment: "sandbox" },
    });
    await sealAll("sandbox");
    const client = await connect(tenant.keys.sandbox);
    const agent = ok(await run(client, "create_agent", { body: { name: "Behind the log" } }));
    for (const path of ["entries/000.p/1", ["entries", "000.p", "1"]]) {
      const tile = await run(client, "get_log_tile", { path });
      expect(tile.isError, tile.content[0]?.text).toBeFalsy();
      // One entry, the log's first: its uint16 length, then that many bytes (a receipt's 32
      // bytes, or an agent key entry's text when a key was logged first).
      const bytes = Buffer.from(tile.content[0]!.text, "base64");
      expect(bytes.length).toBeGreaterThanOrEqual(34);
      expect(bytes.length).toBe(2 + bytes.readUInt16BE(0));
    }
    for (const path of [
      "../../../agents",
      ["..", "..", "..", "agents"],
      `../../../agents/${agent.id}`,
      "%2e%2e/%2e%2e/%2e%2e/agents",
      "%2E%2E/%2E%2E/%2E%2E/agents",
      "..%2f..%2f..%2fagents",
      "..\\..\\..\\agents",
      "0/../../../../agents",
      "./0/000",
      "tile/0/000",
      "0//000",
    ]) {
      const refused = await run(client, "get_log_tile", { path });
      expect(refused.isError, JSON.stringify(path)).toBe(true);
      expect(toolErrorOf(refused), JSON.stringify(path)).toMatchObject({
        code: "invalid_request",
        param: "path",
      });
      expect(refused.content[0]!.text).not.toContain(agent.id);
    }
    // Any other path parameter: a dot segment would climb out of the operation's path too.
    const revoke = await run(client, "revoke_agent_key", { id: agent.id, keyId: ".." });
    expect(toolErrorOf(revoke)).toMatchObject({
      code: "invalid_request",
      param: "keyId",
    });
  });
});
