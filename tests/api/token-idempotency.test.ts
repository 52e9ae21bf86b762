import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { eq } from "drizzle-orm";
import { decodeJwt, decodeProtectedHeader } from "jose";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { idempotencyKeys } from "@/db/schema";
import { createApiKey } from "@/lib/keys/create-key";
import { call } from "../support/api";
import { agentOf } from "../support/deals";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
let agentId: string;
beforeAll(async () => {
  tenant = await seedTenant();
  agentId = await agentOf(tenant.keys.sandbox);
});
afterAll(() => tenant.remove());

const issue = (key: string, idempotencyKey: string, scopes = ["agent.read", "agent.register"]) =>
  call("POST", "/auth/token", {
    key,
    body: { agent_id: agentId, scopes },
    headers: { "idempotency-key": idempotencyKey },
  });

/** Every stored idempotency record of the organization, each column as text. */
const storedRecords = async () =>
  JSON.stringify(
    await db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.organizationId, tenant.organizationId)),
  );

/** The token, its signature and its claims, and anything shaped like a JWT, are nowhere in them. */
async function expectNoTokenStored(token: string) {
  const stored = await storedRecords();
  const [header, payload, signature] = token.split(".");
  for (const part of [token, `${header}.${payload}`, payload!, signature!]) {
    expect(stored).not.toContain(part);
  }
  expect(stored).not.toMatch(/eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/);
}

describe("POST /v1/auth/token with an Idempotency-Key", () => {
  test("stores no token, and a replay answers the same token, which works", async () => {
    const key = randomUUID();
    const first = await issue(tenant.keys.sandbox, key);
    expect(first.status).toBe(201);
    const token = first.body.token as string;
    await expectNoTokenStored(token);
    const [record] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(record).toMatchObject({ responseStatus: 201, completedAt: expect.any(Date) });

    const replayed = await issue(tenant.keys.sandbox, key);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.body).toEqual({ ...first.body, token: expect.any(String) });
    expect(decodeJwt(replayed.body.token)).toEqual(decodeJwt(token));
    // RS256 signatures are deterministic: under the same signing key it is the very same token
    // (tokens.test.ts may rotate the key in between).
    if (decodeProtectedHeader(replayed.body.token).kid === decodeProtectedHeader(token).kid) {
      expect(replayed.body.token).toBe(token);
    }
    const used = await call("GET", `/agents/${agentId}`, { key: replayed.body.token });
    expect(used.status).toBe(200);
    await expectNoTokenStored(token);
  });

  test("another key of the organization, holding fewer scopes, gets 409 and no token", async () => {
    const reader = await createApiKey({
      organizationId: tenant.organizationId,
      environment: "sandbox",
      name: "reader",
      scopes: ["agent.read"],
    });
    const key = randomUUID();
    expect((await issue(tenant.keys.sandbox, key)).status).toBe(201);
    const replay = await issue(reader.secret, key);
    expectError(replay, 409, "conflict", "Idempotency-Key");
    expect(replay.headers.get("idempotent-replayed")).toBeNull();
    expect(JSON.stringify(replay.body)).not.toContain("eyJ");
    // Without the other key's record in the way, the reader is refused as always.
    expectError(await issue(reader.secret, randomUUID()), 403, "forbidden", "scopes");
  });
});

describe("issue_agent_token over MCP", () => {
  test("stores no token in the idempotency record the tool call makes", async () => {
    const client = new Client({ name: "test-host", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${inject("baseUrl")}/sandbox/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${tenant.keys.sandbox}` } },
      }),
    );
    try {
      const before = await storedRecords();
      const result = (await client.callTool({
        name: "issue_agent_token",
        arguments: { body: { agent_id: agentId, scopes: ["agent.read"] } },
      })) as { isError?: boolean; structuredContent?: { token: string } };
      expect(result.isError).toBeFalsy();
      const token = result.structuredContent!.token;
      expect(token).toMatch(/^eyJ/);
      expect(await storedRecords()).not.toEqual(before);
      await expectNoTokenStored(token);
    } finally {
      await client.close();
    }
  });
});
