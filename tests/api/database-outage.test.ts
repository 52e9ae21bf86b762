import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { sandboxCharges, settlements } from "@/db/schema";
import { sandboxTriggers } from "@/lib/rails/sandbox-triggers";
import { call, eventually } from "../support/api";
import { startChildServer, type TChildServer } from "../support/child-server";
import { pendingSettlement } from "../support/deals";
import { expectError } from "../support/expect-error";
import { moveToOwnDatabase, type TOwnDatabase } from "../support/own-database";
import { answer, startReceiver, type TReceiver } from "../support/receiver";
import { startTcpProxy, type TTcpProxy } from "../support/tcp-proxy";
import { seedTenant, type TTestTenant } from "../support/tenant";

// The server reaches its own database through a proxy the test can cut, as if PostgreSQL stopped:
// the shared PostgreSQL keeps serving every other test.
const embedded = inject("databaseEmbedded");
const outageMs = 10_000;
let database: TOwnDatabase | undefined;
let proxy: TTcpProxy | undefined;
let server: TChildServer | undefined;
let receiver: TReceiver | undefined;
let tenant: TTestTenant;

beforeAll(async () => {
  if (embedded) return;
  database = await moveToOwnDatabase();
  const url = new URL(database.url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  const proxied = new URL(database.url);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxy.port);
  receiver = await startReceiver({ handler: answer(200) });
  server = await startChildServer({
    env: {
      DATABASE_URL: proxied.toString(),
      SANDBOX_SLOW_MS: "3000",
      RAIL_TIMEOUT_MS: "30000",
      JOBS_LEASE_MS: "2000",
      // A step that failed on the outage is retried after its backoff (2, 4, 8, 16 s here
      // instead of 10 s to 160 s): the retries outlast the outage, as they do at full scale.
      JOBS_RETRY_SCALE: "0.2",
      WEBHOOK_RETRY_SCALE: "0.0001",
    },
  });
  tenant = await seedTenant();
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await proxy?.close();
  await database?.drop();
});

/** A request that must be answered within `ms`: an outage may refuse it, never hang it. */
const within = async (ms: number, path: string, init: { method?: string; body?: unknown } = {}) => {
  const response = await fetch(`${server!.baseUrl}/sandbox/v1${path}`, {
    method: init.method ?? "GET",
    headers: {
      authorization: `Bearer ${tenant.keys.sandbox}`,
      ...(init.body ? { "content-type": "application/json" } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
    signal: AbortSignal.timeout(ms),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
};

test.skipIf(embedded)(
  "PostgreSQL away for 10 s: the API answers 503 with Retry-After, then everything accepted completes exactly once without a restart",
  { tags: ["database-outage"], timeout: 240_000 },
  async () => {
    const baseUrl = server!.baseUrl;
    const key = tenant.keys.sandbox;
    const hook = await call("POST", "/webhooks", {
      key,
      baseUrl,
      body: {
        url: `${receiver!.origin}/hook`,
        events: ["settlement.executed"],
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const values = [sandboxTriggers.slow, 1100, 1200, 1300];
    const ids: string[] = [];
    for (const value of values)
      ids.push((await pendingSettlement(key, { value, baseUrl })).settlement.id);
    for (const id of ids.slice(0, 3)) {
      expect(
        (await call("POST", `/settlements/${id}/execute`, { key, baseUrl, body: {} })).status,
      ).toBe(202);
    }

    await proxy!.cut();
    const outageEnds = Date.now() + outageMs;
    const read = await within(12_000, `/settlements/${ids[0]}`);
    expectError(read, 503, "service_unavailable");
    expect(Number(read.headers.get("retry-after"))).toBeGreaterThan(0);
    const execute = await within(12_000, `/settlements/${ids[3]}/execute`, {
      method: "POST",
      body: {},
    });
    expectError(execute, 503, "service_unavailable");
    // Liveness stays up; readiness says what is missing.
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    const notReady = await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(12_000) });
    expect(notReady.status).toBe(503);
    const readiness = (await notReady.json()) as { checks: { name: string; ok: boolean }[] };
    expect(readiness.checks.find((check) => check.name === "database")?.ok).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now())));
    await proxy!.restore();
    await eventually(async () => {
      const ready = await fetch(`${baseUrl}/api/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: "ready" });
    }, 30_000);

    // The refused execute changed nothing: once the database is back, it is accepted.
    await eventually(async () => {
      const retried = await call("POST", `/settlements/${ids[3]}/execute`, {
        key,
        baseUrl,
        body: {},
      });
      expect(retried.status).toBe(202);
    }, 20_000);

    const finished = await eventually(async () => {
      const rows = await db.select().from(settlements).where(inArray(settlements.id, ids));
      expect(rows.map((row) => row.status).sort()).toEqual(Array(ids.length).fill("executed"));
      return rows;
    }, 90_000);
    expect(finished).toHaveLength(ids.length);
    const charges = await db
      .select({ settlementId: sandboxCharges.settlementId })
      .from(sandboxCharges)
      .where(inArray(sandboxCharges.settlementId, ids));
    expect(charges.map((charge) => charge.settlementId).sort()).toEqual([...ids].sort());

    // One settlement.executed event per settlement reaches the receiver (retries share an id).
    const executedBy = await eventually(async () => {
      const bySettlement = new Map<string, Set<string>>();
      for (const request of receiver!.received) {
        const event = JSON.parse(request.body) as {
          type: string;
          data: { object: { id: string } };
        };
        if (event.type !== "settlement.executed") continue;
        const seen = bySettlement.get(event.data.object.id) ?? new Set();
        seen.add(String(request.headers["webhook-id"]));
        bySettlement.set(event.data.object.id, seen);
      }
      expect([...bySettlement.keys()].sort()).toEqual([...ids].sort());
      return bySettlement;
    }, 60_000);
    for (const eventIds of executedBy.values()) expect(eventIds.size).toBe(1);
  },
);
