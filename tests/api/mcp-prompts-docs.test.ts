import { readFile } from "node:fs/promises";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectMcp } from "../support/mcp-client";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
const clients: Client[] = [];

const connect = async (query = "") => {
  const client = await connectMcp({ credential: tenant.keys.sandbox, query });
  clients.push(client);
  return client;
};

beforeAll(async () => {
  tenant = await seedTenant();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await tenant?.remove();
});

/** The JSON-RPC error a request ends in. */
async function refusal(request: Promise<unknown>): Promise<McpError> {
  const error = await request.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(McpError);
  return error as McpError;
}

const textOf = (read: { contents: unknown[] }) => (read.contents[0] as { text: string }).text;

describe("MCP prompts", () => {
  test("the workflows are prompts whose message names the tools and the arguments given", async () => {
    const client = await connect();
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual([
      "pay_agent",
      "check_receipt",
      "investigate_failed_delivery",
    ]);
    expect(prompts[0]!.arguments?.filter((each) => each.required).map((each) => each.name)).toEqual(
      ["payerAgentId", "payeeAgentId", "amount", "currency"],
    );
    const { tools } = await client.listTools();
    const toolNames = new Set(tools.map((tool) => tool.name));

    const pay = await client.getPrompt({
      name: "pay_agent",
      arguments: {
        payerAgentId: "agt-payer",
        payeeAgentId: "agt-payee",
        amount: "1250",
        currency: "USD",
      },
    });
    expect(pay.messages).toHaveLength(1);
    const text = (pay.messages[0]!.content as { text: string }).text;
    expect(text).toContain("Pay 1250 (minor units) USD from agent agt-payer to agent agt-payee.");
    // Every tool the instructions name is one the connection offers.
    const named = text.match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? [];
    expect(named.length).toBeGreaterThan(3);
    for (const tool of named) expect(toolNames.has(tool), tool).toBe(true);
  });

  test("a missing argument and an unknown prompt are -32602, naming what is wrong", async () => {
    const client = await connect();
    const missing = await refusal(
      client.getPrompt({ name: "check_receipt", arguments: {} as Record<string, string> }),
    );
    expect(missing.code).toBe(ErrorCode.InvalidParams);
    expect(missing.message).toContain("needs the argument receiptId");
    const unknown = await refusal(client.getPrompt({ name: "steal_money" }));
    expect(unknown.code).toBe(ErrorCode.InvalidParams);
    expect(unknown.message).toContain("No prompt named steal_money");
  });

  test("a read-only connection offers no prompt that moves money", async () => {
    const client = await connect("?readonly=1");
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).not.toContain("pay_agent");
    const refused = await refusal(
      client.getPrompt({
        name: "pay_agent",
        arguments: { payerAgentId: "a", payeeAgentId: "b", amount: "1", currency: "USD" },
      }),
    );
    expect(refused.code).toBe(ErrorCode.InvalidParams);
  });
});

describe("the guides as MCP resources", () => {
  test("docs://index lists every section, and each listed URI reads that section alone", async () => {
    const client = await connect();
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(["docs://index", "openapi://v1"]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      "receipt://{id}",
      "docs://{page}/{section}",
      "docs://search{?q}",
    ]);

    const index = textOf(await client.readResource({ uri: "docs://index" }));
    // A table of contents, far smaller than the OpenAPI document.
    const openapi = textOf(await client.readResource({ uri: "openapi://v1" }));
    expect(index.length).toBeLessThan(openapi.length / 20);
    const uris = index.match(/docs:\/\/[a-z0-9-]+\/[a-z0-9-]+/g) ?? [];
    expect(uris).toContain("docs://api-guide/overview");
    const guide = await readFile("docs/api-guide.md", "utf8");
    // Its `##` and `###` headings, none of which is inside a code block.
    const headings = guide.match(/^###? .+$/gm) ?? [];
    expect(uris.filter((uri) => uri.startsWith("docs://api-guide/"))).toHaveLength(
      headings.length + 1,
    );
    // The section under the guide's first `##` heading is that heading and its text.
    const first = headings[0]!;
    const section = textOf(await client.readResource({ uri: uris[1]! }));
    expect(section.startsWith(first)).toBe(true);
    expect(guide).toContain(section);
    expect(section).not.toContain(headings[1]!);
  });

  test("docs://search answers the best sections for some words, and bad URIs are -32602", async () => {
    const client = await connect();
    const found = textOf(
      await client.readResource({ uri: "docs://search?q=Idempotency-Key%20retry" }),
    );
    expect(found).toContain("Idempotency-Key");
    expect(found.match(/<!-- docs:\/\//g)?.length).toBeLessThanOrEqual(5);
    const nothing = textOf(await client.readResource({ uri: "docs://search?q=zzqqxx" }));
    expect(nothing).toBe("No section of the guides mentions: zzqqxx");
    const malformed = textOf(await client.readResource({ uri: "docs://search?q=%zz" }));
    expect(malformed).toContain("No section of the guides mentions");
    for (const uri of ["docs://search", "docs://api-guide/no-such-section", "docs://../etc"]) {
      const refused = await refusal(client.readResource({ uri }));
      expect(refused.code, uri).toBe(ErrorCode.InvalidParams);
    }
  });
});
