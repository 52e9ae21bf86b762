import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { z } from "zod";
import { db } from "@/db/client";
import { apiKeys } from "@/db/schema";
import { allScopes, type TScope } from "@/lib/auth/scopes";
import type { TOperation } from "@/lib/http/operation";
import { createApiKey } from "@/lib/keys/create-key";
import { revokeApiKey } from "@/lib/keys/revoke-key";
import { rollApiKey } from "@/lib/keys/roll-key";
import { documentedErrorCodes } from "@/lib/openapi/document";
import { allOperations } from "@/lib/openapi/operations";
import { call, randomClientAddress } from "../support/api";
import { badRequests, propertiesOf, type TBadRequest } from "../support/campaign/bad-inputs";
import { fixtures, type TValidRequest, type TWorld } from "../support/campaign/fixtures";
import { agentOf } from "../support/deals";
import { answer, startReceiver, type TReceiver } from "../support/receiver";
import { malformedCredentials } from "../support/route-tests";
import { seedTenant, type TTestTenant } from "../support/tenant";
import { restingTenantRows, tenantRows } from "../support/tenant-rows";

/**
 * Generated abuse of every operation: each bad variant of a valid request is answered 4xx in the
 * error envelope with a code the operation documents and the field at fault, never 5xx, and
 * changes none of the organization's rows; the valid request's answer matches the documented
 * response schema; another organization sees none of it.
 */
let tenant: TTestTenant;
/** A second key of the tenant's sandbox, with every scope too. */
let secondKey: string;
let other: TTestTenant;
let receiver: TReceiver;
let world: TWorld;
const figures = {
  operations: 0,
  requests: 0,
  serverErrors: 0,
  rowsChanged: 0,
  contractFailures: 0,
  /** The shared route checks run, by check: every authenticated operation of the registry. */
  routeChecks: {} as Record<string, number>,
};
const checked = (check: string) => {
  figures.routeChecks[check] = (figures.routeChecks[check] ?? 0) + 1;
};

/** Keys that must not work: revoked, rolled with their overlap over, and (per scope) lacking it. */
let revokedKey: string;
let rolledOutKey: string;
const lackingKeys = new Map<TScope, Promise<string>>();
const keyLacking = (scope: TScope) => {
  if (!lackingKeys.has(scope))
    lackingKeys.set(
      scope,
      createApiKey({
        organizationId: tenant.organizationId,
        environment: "sandbox",
        name: `lacks ${scope}`,
        scopes: allScopes.filter((each) => each !== scope),
      }).then((created) => created.secret),
    );
  return lackingKeys.get(scope)!;
};

beforeAll(async () => {
  tenant = await seedTenant();
  secondKey = (
    await createApiKey({
      organizationId: tenant.organizationId,
      environment: "sandbox",
      name: "second",
      scopes: allScopes,
    })
  ).secret;
  other = await seedTenant();
  receiver = await startReceiver({ handler: answer(200) });
  world = { key: tenant.keys.sandbox, organizationId: tenant.organizationId, receiver };
  const newKey = (name: string) =>
    createApiKey({
      organizationId: tenant.organizationId,
      environment: "sandbox",
      name,
      scopes: allScopes,
    });
  const revoked = await newKey("revoked");
  await revokeApiKey({ organizationId: tenant.organizationId, keyId: revoked.key.id });
  revokedKey = revoked.secret;
  const rolled = await newKey("rolled");
  await rollApiKey({ organizationId: tenant.organizationId, keyId: rolled.key.id, overlap: "1h" });
  // The overlap ends: what an hour would do, without waiting an hour.
  await db.update(apiKeys).set({ expiresAt: new Date() }).where(eq(apiKeys.id, rolled.key.id));
  rolledOutKey = rolled.secret;
});

afterAll(async () => {
  await receiver?.close();
  await tenant?.remove();
  await other?.remove();
  mkdirSync(".data/campaign", { recursive: true });
  writeFileSync(".data/campaign/figures.json", `${JSON.stringify(figures, null, 2)}\n`);
  console.log("campaign:", JSON.stringify(figures));
  console.log(
    `route checks: ${figures.routeChecks["no key"] ?? 0} authenticated operations of ${allOperations.length}, each: ${Object.entries(
      figures.routeChecks,
    )
      .map(([check, count]) => `${check} ${count}`)
      .join(", ")}`,
  );
});

type TSent = { status: number; body: any; text: string };

function urlOf(
  operation: TOperation,
  params: Record<string, string>,
  query: Record<string, string>,
) {
  // A catch-all parameter (a list of path segments) keeps its slashes.
  const catchAll = (name: string) => operation.params?.shape[name] instanceof z.ZodArray;
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const encoded = encodeURIComponent(params[name] ?? "");
    return catchAll(name) ? encoded.replaceAll("%2F", "/") : encoded;
  });
  const search = new URLSearchParams(query).toString();
  return `${inject("baseUrl")}/sandbox/v1${path}${search ? `?${search}` : ""}`;
}

/** Sends a request as a client would, waiting out 429s (the campaign is one organization's burst). */
async function send(
  operation: TOperation,
  request: Pick<TBadRequest, "params" | "query" | "body" | "raw">,
  key = tenant.keys.sandbox,
  extraHeaders: Record<string, string> = {},
): Promise<TSent> {
  const headers: Record<string, string> = {
    accept: "application/json",
    authorization: `Bearer ${key}`,
    "x-forwarded-for": randomClientAddress(),
    ...extraHeaders,
  };
  let body: BodyInit | undefined;
  if (request.raw) {
    headers["content-type"] = request.raw.contentType;
    body = request.raw.bytes as BodyInit;
  } else if (request.body !== undefined && operation.method !== "get") {
    headers["content-type"] = "application/json";
    body = JSON.stringify(request.body);
  }
  for (;;) {
    figures.requests += 1;
    const response = await fetch(urlOf(operation, request.params, request.query), {
      method: operation.method.toUpperCase(),
      headers,
      body,
    });
    const text = await response.text();
    if (response.status === 429) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      continue;
    }
    if (response.status >= 500) figures.serverErrors += 1;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed, text };
  }
}

/** The fields a `param` may name: the operation's body and query fields and path parameters. */
const fieldsOf = (operation: TOperation, valid: TValidRequest) => [
  ...Object.keys(operation.body ? propertiesOf(operation.body) : {}),
  ...Object.keys(operation.query ? propertiesOf(operation.query) : {}),
  ...Object.keys(valid.params ?? {}),
];

const asBad = (valid: TValidRequest) => ({
  params: valid.params ?? {},
  query: valid.query ?? {},
  body: valid.body,
});

test("every operation has a fixture", () => {
  const missing = allOperations.filter((operation) => !fixtures[operation.operationId]);
  expect(missing.map((operation) => operation.operationId)).toEqual([]);
});

describe.each(allOperations.map((operation) => [operation.operationId, operation] as const))(
  "%s",
  (_, operation) => {
    test("bad input is a documented 4xx naming the field, and writes nothing", async () => {
      figures.operations += 1;
      const valid = await fixtures[operation.operationId]!(world);
      const documented = documentedErrorCodes(operation);
      const before = await restingTenantRows(tenant.organizationId);
      for (const request of badRequests(operation, valid)) {
        const answer = await send(operation, request);
        const context = `${request.what}: ${answer.status} ${answer.text.slice(0, 300)}`;
        expect(answer.status, context).toBeGreaterThanOrEqual(400);
        expect(answer.status, context).toBeLessThan(500);
        expect(documented, context).toContain(answer.body?.error?.code);
        if (request.field && answer.status === 400) {
          const named = String(answer.body.error.param).split(".")[0] ?? "";
          expect([request.field, ...fieldsOf(operation, valid)], context).toContain(named);
        }
      }
      const after = await tenantRows(tenant.organizationId);
      if (JSON.stringify(after) !== JSON.stringify(before)) figures.rowsChanged += 1;
      expect(after).toEqual(before);
    }, 120_000);

    test("the valid request's answer matches the documented response", async () => {
      const valid = asBad(await fixtures[operation.operationId]!(world));
      const answer = await send(operation, valid);
      const json = !operation.mediaTypes || operation.mediaTypes.includes("application/json");
      const parsed = operation.response.safeParse(json ? answer.body : answer.text);
      if (answer.status !== operation.status || !parsed.success) figures.contractFailures += 1;
      expect(answer.status, answer.text.slice(0, 300)).toBe(operation.status);
      expect(parsed.error?.issues ?? []).toEqual([]);
    }, 60_000);

    // Only an authenticated POST takes an Idempotency-Key: the others have no replay to test.
    if (operation.method === "post" && operation.scope !== null)
      test("another key replaying the Idempotency-Key is 409, never the first answer", async () => {
        const valid = asBad(await fixtures[operation.operationId]!(world));
        const idempotency = { "idempotency-key": `campaign-${randomUUID()}` };
        const first = await send(operation, valid, tenant.keys.sandbox, idempotency);
        expect(first.status, first.text.slice(0, 300)).toBe(operation.status);
        const replay = await send(operation, valid, secondKey, idempotency);
        expect(replay.status, replay.text.slice(0, 300)).toBe(409);
        expect(replay.body.error).toMatchObject({ code: "conflict", param: "Idempotency-Key" });
        const again = await send(operation, valid, tenant.keys.sandbox, idempotency);
        expect(again.status, again.text.slice(0, 300)).toBe(first.status);
      }, 60_000);

    test("no key, the other environment's key, another organization's id", async () => {
      const valid = asBad(await fixtures[operation.operationId]!(world));
      const anonymous = await send(operation, valid, "");
      if (operation.scope === null) {
        // Public: the same answer without a key.
        expect(anonymous.status, anonymous.text.slice(0, 300)).toBe(operation.status);
        return;
      }
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error.code).toBe("unauthorized");
      checked("no key");
      const production = await send(operation, valid, tenant.keys.production);
      expect(production.status).toBe(401);
      expect(production.body.error.message).toContain("/v1");
      checked("other environment");
      if (Object.keys(valid.params).length > 0) {
        const elsewhere = await send(operation, valid, other.keys.sandbox);
        expect(elsewhere.status, elsewhere.text).toBe(404);
        expect(elsewhere.body.error.code).toBe("not_found");
        checked("other organization's id");
      }
    }, 60_000);

    test("a revoked key, a rolled-out key, a malformed credential: 401; a key lacking the scope: 403", async () => {
      if (operation.scope === null) return;
      const valid = asBad(await fixtures[operation.operationId]!(world));
      for (const [what, key] of [
        ["revoked", revokedKey],
        ["rolled out", rolledOutKey],
      ] as const) {
        const refused = await send(operation, valid, key);
        expect(refused.status, `${what}: ${refused.text}`).toBe(401);
        expect(refused.body.error.code).toBe("unauthorized");
        checked(`${what} key`);
      }
      for (const [what, build] of Object.entries(malformedCredentials)) {
        const refused = await send(operation, valid, undefined, {
          authorization: build(tenant.keys.sandbox),
        });
        expect(refused.status, `${what}: ${refused.text}`).toBe(401);
        expect(refused.body.error.code).toBe("unauthorized");
      }
      checked("malformed credentials");
      // "api_key" and "any_credential" need no scope, so no key lacks one.
      if (operation.scope === "api_key" || operation.scope === "any_credential") return;
      const lacking = await send(operation, valid, await keyLacking(operation.scope));
      expect(lacking.status, lacking.text).toBe(403);
      expect(lacking.body.error.code).toBe("forbidden");
      expect(lacking.body.error.message).toContain(operation.scope);
      checked("lacking the scope");
    }, 60_000);
  },
);

describe("isolation", () => {
  test("another organization's lists never show this organization's rows", async () => {
    // Discover lists other organizations' discoverable agents by design; it has its own test.
    const lists = allOperations.filter(
      (operation) =>
        operation.method === "get" &&
        !operation.path.includes("{") &&
        operation.operationId !== "discoverAgents",
    );
    const own = new Set<string>();
    for (const operation of lists) {
      const listed = await send(operation, { params: {}, query: {} });
      for (const row of listed.body?.data ?? []) if (row.id) own.add(row.id);
    }
    expect(own.size).toBeGreaterThan(10);
    for (const operation of lists) {
      const listed = await send(operation, { params: {}, query: {} }, other.keys.sandbox);
      const leaked = (listed.body?.data ?? []).filter((row: { id?: string }) =>
        own.has(row.id ?? ""),
      );
      expect(leaked, operation.operationId).toEqual([]);
    }
  });

  test("discover never shows hidden, suspended, deleted or production agents", async () => {
    const word = `campaign${Math.random().toString(36).slice(2, 10)}`;
    const key = tenant.keys.sandbox;
    const shown = await agentOf(key, { name: `${word} shown`, discoverable: true });
    await agentOf(key, { name: `${word} hidden`, discoverable: false });
    const suspended = await agentOf(key, { name: `${word} suspended`, discoverable: true });
    await call("PATCH", `/agents/${suspended}`, { key, body: { status: "suspended" } });
    const deleted = await agentOf(key, { name: `${word} deleted`, discoverable: true });
    await call("DELETE", `/agents/${deleted}`, { key });
    await call("POST", "/agents", {
      key: tenant.keys.production,
      environment: "production",
      body: { name: `${word} production`, discoverable: true },
    });
    const found = await call("GET", `/agents/discover?q=${word}`, { key: other.keys.sandbox });
    expect(found.status).toBe(200);
    expect(found.body.data.map((agent: { id: string }) => agent.id)).toEqual([shown]);
  });
});
