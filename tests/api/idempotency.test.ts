import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { agents, idempotencyKeys } from "@/db/schema";
import { deleteExpiredIdempotencyKeys } from "@/lib/idempotency/cleanup";
import { finishIdempotentRequest } from "@/lib/idempotency/finish";
import { idempotencyCaller, idempotencyRequestHash } from "@/lib/idempotency/request-hash";
import { call } from "../support/api";
import { agentOf, negotiate } from "../support/deals";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
let other: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
  other = await seedTenant();
});
afterAll(async () => {
  await tenant.remove();
  await other.remove();
});

const createAgent = (
  idempotencyKey: string,
  body: unknown,
  options: { key?: string; environment?: "sandbox" | "production" } = {},
) =>
  call("POST", "/agents", {
    key: options.key ?? tenant.keys.sandbox,
    environment: options.environment,
    body,
    headers: { "idempotency-key": idempotencyKey },
  });

const agentsNamed = async (name: string) =>
  db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.organizationId, tenant.organizationId), eq(agents.name, name)));

describe("Idempotency-Key", () => {
  test("the same request again replays the first response", async () => {
    const key = randomUUID();
    const name = `Replayed ${key}`;
    const first = await createAgent(key, { name, capabilities: ["a", "b"] });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    // Same JSON value, other key order and spacing: the same request.
    const again = await call("POST", "/agents", {
      key: tenant.keys.sandbox,
      rawBody: `{ "capabilities": ["a","b"],   "name": ${JSON.stringify(name)} }`,
      headers: { "idempotency-key": key, "content-type": "application/json" },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("request-id")).not.toBe(first.headers.get("request-id"));
    expect(again.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    expect(await agentsNamed(name)).toHaveLength(1);
  });

  test("a request refused before it ran (400) does not use the key up", async () => {
    const key = randomUUID();
    expect((await createAgent(key, { name: "x".repeat(201) })).status).toBe(400);
    const fixed = await createAgent(key, { name: `Fixed ${key}` });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
  });

  test("an error the operation answered is replayed like a success", async () => {
    const key = randomUUID();
    const body = { agent_id: "agent-0000000000000000", scopes: ["agent.read"] };
    const send = () =>
      call("POST", "/auth/token", {
        key: tenant.keys.sandbox,
        body,
        headers: { "idempotency-key": key },
      });
    const first = await send();
    expect(first.status).toBe(404);
    const again = await send();
    expect(again.status).toBe(404);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  test("the same key with another body or path is 409", async () => {
    const key = randomUUID();
    expect((await createAgent(key, { name: `First ${key}` })).status).toBe(201);
    const otherBody = await createAgent(key, { name: `Second ${key}` });
    expect(otherBody.status).toBe(409);
    expect(otherBody.body.error).toMatchObject({ code: "conflict", param: "Idempotency-Key" });
    expect(await agentsNamed(`Second ${key}`)).toHaveLength(0);

    const agent = await createAgent(randomUUID(), { name: `Token holder ${key}` });
    const otherPath = await call("POST", "/auth/token", {
      key: tenant.keys.sandbox,
      body: { agent_id: agent.body.id, scopes: ["agent.read"] },
      headers: { "idempotency-key": key },
    });
    expect(otherPath.status).toBe(409);
    expect(otherPath.body.error.param).toBe("Idempotency-Key");
  });

  test("one agent's token never gets another agent's answer replayed", async () => {
    const key = randomUUID();
    const sandboxKey = tenant.keys.sandbox;
    const [payer, first, second] = await Promise.all([
      agentOf(sandboxKey),
      agentOf(sandboxKey),
      agentOf(sandboxKey),
    ]);
    const negotiation = await negotiate(sandboxKey, {
      initiatorAgentId: payer,
      responders: [first, second],
      terms: { amount: { value: 600, currency: "USD" } },
    });
    const tokenOf = async (agentId: string) =>
      (
        await call("POST", "/auth/token", {
          key: sandboxKey,
          body: { agent_id: agentId, scopes: ["negotiation.respond"] },
        })
      ).body.token as string;
    const accept = async (agentId: string) =>
      call("POST", `/negotiations/${negotiation.id}/respond`, {
        key: await tokenOf(agentId),
        body: { action: "accept" },
        headers: { "idempotency-key": key },
      });
    const accepted = await accept(first);
    expect(accepted.status).toBe(200);
    expect(accepted.body.acceptedBy).toEqual([payer, first]);
    const replayed = await accept(first);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    const other = await accept(second);
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({ code: "conflict", param: "Idempotency-Key" });
    const current = await call("GET", `/negotiations/${negotiation.id}`, { key: sandboxKey });
    expect(current.body).toMatchObject({ status: "open", acceptedBy: [payer, first] });
  });

  test("keys are scoped to the organization and the environment", async () => {
    const key = randomUUID();
    const sandbox = await createAgent(key, { name: `Scoped ${key}` });
    const production = await createAgent(
      key,
      { name: `Scoped ${key}` },
      { key: tenant.keys.production, environment: "production" },
    );
    const otherOrganization = await createAgent(
      key,
      { name: `Scoped ${key}` },
      { key: other.keys.sandbox },
    );
    for (const response of [sandbox, production, otherOrganization]) {
      expect(response.status).toBe(201);
      expect(response.headers.get("idempotent-replayed")).toBeNull();
    }
    expect(new Set([sandbox.body.id, production.body.id, otherOrganization.body.id]).size).toBe(3);
  });

  test("while the first request is still running, the same key is 409", async () => {
    const key = randomUUID();
    const body = { name: `In flight ${key}` };
    // A claimed record without a response is what a request in progress leaves.
    await db.insert(idempotencyKeys).values({
      organizationId: tenant.organizationId,
      environment: "sandbox",
      key,
      requestHash: idempotencyRequestHash({
        method: "POST",
        url: `${inject("baseUrl")}/v1/agents`,
        body,
        caller: idempotencyCaller({
          credential: { kind: "api_key", keyId: tenant.keyIds.sandbox },
          scopes: new Set(),
        }),
      }),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const response = await createAgent(key, body);
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: "conflict", param: "Idempotency-Key" });
    expect(response.body.error.message).toContain("in progress");
    expect(await agentsNamed(body.name)).toHaveLength(0);
  });

  test.skipIf(inject("databaseEmbedded"))(
    "50 identical requests at the same instant create exactly one agent",
    { tags: ["pglite-one-session"] },
    async () => {
      const key = randomUUID();
      const name = `Once ${key}`;
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => createAgent(key, { name })),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
      const created = responses.filter((response) => response.status === 201);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((response) => response.body.id)).size).toBe(1);
      expect(await agentsNamed(name)).toHaveLength(1);
    },
  );

  test("a key longer than 255 characters, or empty, is 400", async () => {
    for (const key of ["k".repeat(256), " "]) {
      const response = await createAgent(key, { name: "Never" });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        code: "invalid_request",
        param: "Idempotency-Key",
      });
    }
    expect(
      (await createAgent("k".repeat(255), { name: `Longest key ${randomUUID()}` })).status,
    ).toBe(201);
  });
});

describe("retention", () => {
  const tenantOf = () => ({
    organizationId: tenant.organizationId,
    environment: "sandbox" as const,
  });

  test("a 5xx is not stored: the key is released for a retry", async () => {
    const key = randomUUID();
    const input = { tenant: tenantOf(), key, requestHash: "h" };
    await db.insert(idempotencyKeys).values({
      ...input.tenant,
      key,
      requestHash: input.requestHash,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await finishIdempotentRequest({ ...input, status: 503, body: "{}", retryLater: true });
    const rows = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows).toHaveLength(0);
  });

  test("expired records are not replayed and are cleaned up", async () => {
    const key = randomUUID();
    const name = `Expired ${key}`;
    const first = await createAgent(key, { name });
    expect(first.status).toBe(201);
    await db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(idempotencyKeys.key, key));

    // Past its 24 hours the key is free again: the request runs anew.
    const later = await createAgent(key, { name });
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(later.body.id).not.toBe(first.body.id);

    const staleKey = randomUUID();
    await db.insert(idempotencyKeys).values({
      ...tenantOf(),
      key: staleKey,
      requestHash: "h",
      responseStatus: 201,
      responseBody: "{}",
      expiresAt: new Date(Date.now() - 1_000),
    });
    expect(await deleteExpiredIdempotencyKeys({})).toBeGreaterThanOrEqual(1);
    const remaining = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.organizationId, tenant.organizationId));
    const keys = remaining.map((row) => row.key);
    expect(keys).not.toContain(staleKey);
    expect(keys).toContain(key);
  });
});
