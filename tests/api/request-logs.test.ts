import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { requestLogs } from "@/db/schema";
import { allScopes } from "@/lib/auth/scopes";
import { deletePastWindow } from "@/lib/retention/delete-past-window";
import { retentionSettings } from "@/lib/retention/settings";
import { call, eventually } from "../support/api";
import { consoleOrigin, signedUpMember, type TMember } from "../support/console-session";
import { agentOf } from "../support/deals";
import { expectError } from "../support/expect-error";
import { removeOrganization } from "../support/tenant";

/** A console request from the console's own page: session cookie and same Origin. */
const asMember = (who: TMember) => ({
  headers: { cookie: who.cookie, origin: consoleOrigin() },
});

const createKey = async (who: TMember, name: string) => {
  const created = await call("POST", "/api/console/keys", {
    ...asMember(who),
    body: { name, environment: "sandbox", scopes: allScopes },
  });
  expect(created.status).toBe(201);
  return { id: created.body.key.id as string, secret: created.body.secret as string };
};

const logsOf = async (who: TMember, query = "") => {
  const response = await call(
    "GET",
    `/api/console/request-logs?environment=sandbox${query}`,
    asMember(who),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as any[];
};

/** Waits until the organization's log holds `count` entries (the buffer flushes every second). */
const flushed = (who: TMember, count: number) =>
  eventually(async () => {
    const rows = await logsOf(who, "&limit=100");
    expect(rows).toHaveLength(count);
    return rows;
  }, 15_000);

let member: TMember;
let other: TMember;
let key: { id: string; secret: string };
let agentId: string;
let token: string;
const seen: Record<string, string> = {};

beforeAll(async () => {
  [member, other] = await Promise.all([signedUpMember(), signedUpMember()]);
  key = await createKey(member, "Logger");
  // Each kind of request, fewer than the free plan's burst of 10.
  agentId = await agentOf(key.secret, { name: "Logged agent" });
  const issued = await call("POST", "/auth/token", {
    key: key.secret,
    body: { agent_id: agentId, scopes: ["agent.read"] },
  });
  expect(issued.status).toBe(201);
  token = issued.body.token;
  const requests = {
    listed: await call("GET", "/agents?limit=5", { key: key.secret }),
    asAgent: await call("GET", `/agents/${agentId}`, { key: token }),
    invalid: await call("POST", "/agents", {
      key: key.secret,
      body: { name: "x", capabilities: "SENTINEL-request-body" },
    }),
    missing: await call("GET", "/agents/agt-0000000000000000", { key: key.secret }),
    unrouted: await call("GET", "/no-such-thing", { key: key.secret }),
  };
  for (const [name, response] of Object.entries(requests))
    seen[name] = response.headers.get("request-id")!;
  expect(requests.invalid.status).toBe(400);
  expect(requests.missing.status).toBe(404);
  expect(requests.unrouted.status).toBe(404);
  // No credential: no organization to log it for.
  expect((await call("GET", "/agents")).status).toBe(401);
}, 60_000);

afterAll(async () => {
  for (const who of [member, other]) if (who) await removeOrganization(who.organizationId);
});

describe("request logs", () => {
  test("every authenticated request appears once, after the flush, with its fields", async () => {
    // Register, token, list, as agent, invalid, missing, unrouted.
    const rows = await flushed(member, 7);
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(new Set(rows.map((row) => row.id)).size).toBe(7);
    expect(byId[seen.listed!]).toMatchObject({
      method: "GET",
      path: "/sandbox/v1/agents",
      status: 200,
      key: { id: key.id, name: "Logger" },
      token: null,
      error: null,
    });
    expect(byId[seen.listed!].latencyMs).toBeGreaterThanOrEqual(0);
    expect(Date.now() - Date.parse(byId[seen.listed!].createdAt)).toBeLessThan(60_000);
    expect(byId[seen.asAgent!]).toMatchObject({
      method: "GET",
      path: `/sandbox/v1/agents/${agentId}`,
      status: 200,
      key: null,
      token: { agentId },
    });
    const jti = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).jti;
    expect(byId[seen.asAgent!].token.jti).toBe(jti);
    expect(byId[seen.invalid!]).toMatchObject({
      method: "POST",
      status: 400,
      error: { error: { code: "invalid_request", param: "capabilities" } },
    });
    expect(byId[seen.missing!]).toMatchObject({
      status: 404,
      error: { error: { code: "not_found" } },
    });
    expect(byId[seen.unrouted!]).toMatchObject({
      path: "/sandbox/v1/no-such-thing",
      status: 404,
      key: { id: key.id },
    });
  });

  test("no secret is stored: no key, no token, no request body", async () => {
    await flushed(member, 7);
    const [stored] = await db
      .select({ text: sql<string>`string_agg(${requestLogs}::text, '\n')` })
      .from(requestLogs)
      .where(eq(requestLogs.organizationId, member.organizationId));
    expect(stored!.text).toContain(seen.invalid!);
    expect(stored!.text).not.toContain(key.secret);
    expect(stored!.text).not.toContain(token);
    expect(stored!.text).not.toContain("SENTINEL");
    expect(stored!.text.toLowerCase()).not.toContain("bearer");
  });

  test("filters: status class or exact status, request id, key", async () => {
    await flushed(member, 7);
    const statuses = async (query: string) =>
      (await logsOf(member, query)).map((row) => row.status).sort();
    expect(await statuses("&status=4xx")).toEqual([400, 404, 404]);
    expect(await statuses("&status=404")).toEqual([404, 404]);
    expect(await statuses("&status=2xx")).toEqual([200, 200, 201, 201]);
    expect(await statuses("&status=5xx")).toEqual([]);
    const found = await logsOf(member, `&requestId=${seen.missing}`);
    expect(found.map((row) => row.id)).toEqual([seen.missing]);
    // The first characters of an id, text in the path (ignoring case, % literal), days.
    const prefix = seen.missing!.slice(0, 10);
    const byPrefix = (await logsOf(member, `&requestId=${prefix}`)).map((row) => row.id);
    expect(byPrefix).toContain(seen.missing);
    expect(byPrefix.every((id: string) => id.startsWith(prefix))).toBe(true);
    const byPath = await logsOf(member, "&path=NO-SUCH");
    expect(byPath.map((row) => row.id)).toEqual([seen.unrouted]);
    expect(await logsOf(member, "&path=%25")).toEqual([]);
    expect(await logsOf(member, "&createdBefore=2000-01-01T00:00:00Z")).toEqual([]);
    expect(await logsOf(member, "&createdAfter=2000-01-01T00:00:00Z")).toHaveLength(7);
    expectError(
      await call("GET", "/api/console/request-logs?environment=sandbox&path=", asMember(member)),
      400,
      "invalid_request",
      "path",
    );

    const second = await createKey(member, "Second");
    const used = await call("GET", "/agents", { key: second.secret });
    await flushed(member, 8);
    const bySecond = await logsOf(member, `&keyId=${second.id}`);
    expect(bySecond.map((row) => row.id)).toEqual([used.headers.get("request-id")]);
    expect((await logsOf(member, `&keyId=${key.id}`)).length).toBe(6);
  });

  test("pages are newest first and do not repeat", async () => {
    const all = await flushed(member, 8);
    const first = await call(
      "GET",
      "/api/console/request-logs?environment=sandbox&limit=5",
      asMember(member),
    );
    expect(first.body.hasMore).toBe(true);
    const next = await call(
      "GET",
      `/api/console/request-logs?environment=sandbox&limit=5&cursor=${first.body.cursor}`,
      asMember(member),
    );
    const ids = [...first.body.data, ...next.body.data].map((row: any) => row.id);
    expect(ids).toEqual(all.map((row) => row.id));
    const times = all.map((row) => Date.parse(row.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test.each([
    ["&status=abc", "status"],
    ["&status=600", "status"],
    ["&requestId=", "requestId"],
    ["&limit=0", "limit"],
    ["&cursor=nonsense", "cursor"],
    ["&organizationId=org-x", "organizationId"],
  ])("a bad query (%s) is a 400 naming %s", async (query, param) => {
    const response = await call(
      "GET",
      `/api/console/request-logs?environment=sandbox${query}`,
      asMember(member),
    );
    expectError(response, 400, "invalid_request", param);
  });

  test("another organization sees none of it, even by request id or key", async () => {
    await flushed(member, 8);
    expect(await logsOf(other)).toEqual([]);
    expect(await logsOf(other, `&requestId=${seen.listed}`)).toEqual([]);
    expect(await logsOf(other, `&keyId=${key.id}`)).toEqual([]);
    const detail = await call("GET", `/api/console/keys/${key.id}`, asMember(other));
    expectError(detail, 404, "not_found");
    const production = await call(
      "GET",
      "/api/console/request-logs?environment=production",
      asMember(member),
    );
    expect(production.body.data).toEqual([]);
  });

  test("requests the rate limiter refuses are logged with their 429", async () => {
    const limited = await signedUpMember();
    try {
      const burst = await createKey(limited, "Burst");
      const statuses: number[] = [];
      for (let index = 0; index < 14; index++)
        statuses.push((await call("GET", "/agents", { key: burst.secret })).status);
      const refused = statuses.filter((status) => status === 429).length;
      expect(refused).toBeGreaterThan(0);
      const rows = await flushed(limited, 14);
      const logged = rows.filter((row) => row.status === 429);
      expect(logged).toHaveLength(refused);
      expect(logged[0]).toMatchObject({
        key: { id: burst.id, name: "Burst" },
        error: { error: { code: "rate_limited" } },
      });
    } finally {
      await removeOrganization(limited.organizationId);
    }
  });

  test("a refusal naming a field that holds NUL or a lone surrogate is logged with the field escaped, and holds back no other entry", async () => {
    const writer = await signedUpMember();
    try {
      const { secret } = await createKey(writer, "Unstorable");
      // Sent together, so that the three entries share one batch.
      const responses = await Promise.all([
        call("POST", "/agents", { key: secret, body: { name: "a", metadata: { "k\u0000": 1 } } }),
        call("POST", "/agents", { key: secret, body: { name: "a", metadata: { "k\ud800": 1 } } }),
        call("GET", "/agents", { key: secret }),
      ]);
      expect(responses.map((response) => response.status)).toEqual([400, 400, 200]);
      const rows = await flushed(writer, 3);
      const params = rows.filter((row) => row.status === 400).map((row) => row.error.error.param);
      expect(params.sort()).toEqual(["metadata.k\\u0000", "metadata.k\\ud800"]);
    } finally {
      await removeOrganization(writer.organizationId);
    }
  });

  test("retention deletes entries past RETENTION_REQUEST_LOGS_DAYS and keeps the rest", async () => {
    const settings = retentionSettings();
    const day = 86_400_000;
    const entry = (id: string, ageDays: number) => ({
      id,
      organizationId: member.organizationId,
      environment: "sandbox" as const,
      method: "GET",
      path: "/sandbox/v1/agents",
      status: 200,
      latencyMs: 3,
      keyId: key.id,
      createdAt: new Date(Date.now() - ageDays * day),
    });
    const window = settings.RETENTION_REQUEST_LOGS_DAYS;
    await db
      .insert(requestLogs)
      .values([
        entry(`req-aged-${member.organizationId}`, window + 1),
        entry(`req-kept-${member.organizationId}`, window - 1),
      ]);
    const deleted = await deletePastWindow({ table: "request_logs", settings });
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = await db
      .select({ id: requestLogs.id })
      .from(requestLogs)
      .where(eq(requestLogs.organizationId, member.organizationId));
    const ids = left.map((row) => row.id);
    expect(ids).not.toContain(`req-aged-${member.organizationId}`);
    expect(ids).toContain(`req-kept-${member.organizationId}`);
    await db.delete(requestLogs).where(eq(requestLogs.id, `req-kept-${member.organizationId}`));
  });
});
