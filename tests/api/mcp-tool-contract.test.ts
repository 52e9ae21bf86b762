import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectMcp } from "../support/mcp-client";
import { issueTestReceipt, sealAll } from "../support/receipts";
import { seedTenant, type TTestTenant } from "../support/tenant";

type TResult = { isError?: boolean; content: { text: string }[]; structuredContent?: any };

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

let tenant: TTestTenant;
let client: Client;
let tools: Map<string, Tool>;

beforeAll(async () => {
  tenant = await seedTenant();
  client = await connectMcp({ credential: tenant.keys.sandbox });
  tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
});

afterAll(async () => {
  await client?.close();
  await tenant?.remove();
});

/** Calls a tool and checks its structured content against the tool's outputSchema with Ajv. */
async function call(name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as TResult;
  expect(result.isError, result.content[0]?.text).toBeFalsy();
  const validate = ajv.compile(tools.get(name)!.outputSchema!);
  expect(validate(result.structuredContent), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(
    true,
  );
  return result.structuredContent;
}

describe("MCP tool annotations", () => {
  test("every tool carries a title and all four hints", () => {
    for (const tool of tools.values()) {
      expect(tool.annotations, tool.name).toEqual({
        title: expect.any(String),
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        idempotentHint: expect.any(Boolean),
        openWorldHint: expect.any(Boolean),
      });
      expect(tool.title).toBe(tool.annotations!.title);
    }
  });

  test("the hints follow the operation", () => {
    const hints = (name: string) => {
      const { title: _, ...rest } = tools.get(name)!.annotations!;
      return rest;
    };
    const read = { readOnlyHint: true, destructiveHint: false, idempotentHint: true };
    for (const name of ["get_agent", "list_receipts", "get_log_tile", "verify_receipt"]) {
      expect(hints(name), name).toEqual({ ...read, openWorldHint: false });
    }
    for (const name of [
      "delete_agent",
      "delete_webhook",
      "revoke_agent_key",
      "dispute_settlement",
    ]) {
      expect(hints(name), name).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    }
    expect(hints("reverse_settlement")).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: true,
    });
    expect(hints("create_agent")).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    });
    // Money-moving tools are never read-only; the rail is outside the service.
    for (const name of ["execute_settlement", "settle"]) {
      expect(hints(name), name).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    }
    expect(hints("fund_agent_wallet")).toMatchObject({ readOnlyHint: false });
    expect(hints("update_agent")).toMatchObject({ destructiveHint: true, idempotentHint: true });
  });
});

/** The paths of the properties, at any depth, that have no description. */
function undescribed(node: unknown, at: string): string[] {
  if (typeof node !== "object" || node === null) return [];
  const schema = node as Record<string, unknown>;
  const properties = Object.entries((schema.properties ?? {}) as Record<string, any>).flatMap(
    ([name, property]) => [
      ...(property.description ? [] : [`${at}.${name}`]),
      ...undescribed(property, `${at}.${name}`),
    ],
  );
  const children = ["items", "anyOf", "oneOf", "allOf"].flatMap((key) =>
    [schema[key] ?? []].flat().flatMap((child) => undescribed(child, at)),
  );
  return [...properties, ...children];
}

describe("MCP input schemas", () => {
  test("every argument, at any depth, has a description", () => {
    const missing = [...tools.values()].flatMap((tool) => undescribed(tool.inputSchema, tool.name));
    expect(missing).toEqual([]);
  });

  test("argument names are camelCase, but for issue_agent_token's REST field agent_id", () => {
    const names = (node: unknown): string[] =>
      typeof node === "object" && node !== null
        ? Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => [
            ...(key === "properties" ? Object.keys(value as object) : []),
            ...names(value),
          ])
        : [];
    const snake = [...tools.values()].flatMap((tool) =>
      names(tool.inputSchema)
        .filter((name) => name.includes("_"))
        .map((name) => `${tool.name}.${name}`),
    );
    expect(snake).toEqual(["issue_agent_token.agent_id"]);
  });
});

describe("MCP output schemas", () => {
  test("every tool has an outputSchema with an object at its root, and Ajv compiles it", () => {
    expect(tools.size).toBeGreaterThan(40);
    for (const tool of tools.values()) {
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(() => ajv.compile(tool.outputSchema!), tool.name).not.toThrow();
    }
    expect(tools.get("get_log_tile")!.outputSchema).toMatchObject({
      properties: { result: { type: "string" } },
      required: ["result"],
    });
  });

  test("representative tools answer structured content that matches their outputSchema", async () => {
    await call("get_me");
    const payer = await call("create_agent", { body: { name: "Payer" } });
    const payee = await call("create_agent", { body: { name: "Payee" } });
    await call("update_agent", { id: payee.id, body: { description: "Translates" } });
    await call("get_agent", { id: payer.id });
    await call("list_agents", { limit: 5 });
    await call("fund_agent_wallet", {
      id: payer.id,
      body: { amount: { value: 10_000, currency: "USD" } },
    });
    await call("get_agent_wallet", { id: payer.id });
    await call("issue_agent_token", { body: { agent_id: payer.id, scopes: ["agent.read"] } });
    const negotiation = await call("create_negotiation", {
      body: {
        initiatorAgentId: payer.id,
        responders: [payee.id],
        terms: { amount: { value: 1500, currency: "USD" } },
      },
    });
    await call("respond_to_negotiation", {
      id: negotiation.id,
      body: { agentId: payee.id, action: "accept" },
    });
    await call("get_negotiation", { id: negotiation.id });
    const outcome = await call("settle", { negotiationId: negotiation.id });
    await call("get_settlement", { id: outcome.settlement.id });
    await call("list_settlements", {});
    await call("get_settlement_stats", {});
    await call("list_receipts", { settlementId: outcome.settlement.id });
    await call("get_receipt", { id: outcome.receiptId });
    await call("verify_receipt", { receiptId: outcome.receiptId });
    await call("list_events", {});
    await call("get_log_checkpoint");
    await call("delete_agent", { id: payee.id });
  }, 60_000);

  test("a non-object answer is wrapped as { result }", async () => {
    await issueTestReceipt({
      tenant: { organizationId: tenant.organizationId, environment: "sandbox" },
    });
    await sealAll("sandbox");
    const tile = await call("get_log_tile", { path: "entries/000.p/1" });
    expect(Buffer.from(tile.result, "base64").length).toBeGreaterThan(0);
  });
});
