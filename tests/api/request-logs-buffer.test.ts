import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { requestLogs } from "@/db/schema";
import { eventually } from "../support/api";
import { startChildServer, type TChildServer } from "../support/child-server";
import { startTcpProxy, type TTcpProxy } from "../support/tcp-proxy";
import { seedTenant, type TTestTenant } from "../support/tenant";

// Child servers of their own: one whose flush interval outlasts the test, one that reaches
// PostgreSQL through a proxy the test cuts, while the shared server keeps serving other tests.
const embedded = inject("databaseEmbedded");
let tenant: TTestTenant;
const servers: TChildServer[] = [];
let proxy: TTcpProxy | undefined;

beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(async () => {
  for (const server of servers) await server.stop();
  await proxy?.close();
  await tenant?.remove();
});

/** A request no route serves: authenticated from the key cache, answered without the database. */
const unrouted = async (server: TChildServer) => {
  const response = await fetch(`${server.baseUrl}/sandbox/v1/unrouted`, {
    headers: { authorization: `Bearer ${tenant.keys.sandbox}` },
  });
  expect(response.status).toBe(404);
  return response.headers.get("request-id")!;
};

const storedIds = async () =>
  (
    await db
      .select({ id: requestLogs.id })
      .from(requestLogs)
      .where(eq(requestLogs.organizationId, tenant.organizationId))
  ).map((row) => row.id);

describe.skipIf(embedded)("request log buffering", { tags: ["own-server-processes"] }, () => {
  test("entries wait in memory for the flush, and a graceful stop writes them", async () => {
    const server = await startChildServer({ env: { REQUEST_LOG_FLUSH_MS: "60000" } });
    servers.push(server);
    const ids = [await unrouted(server), await unrouted(server), await unrouted(server)];
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await storedIds()).toEqual([]);
    await server.stop();
    expect((await storedIds()).sort()).toEqual([...ids].sort());
    await db.delete(requestLogs).where(eq(requestLogs.organizationId, tenant.organizationId));
  }, 90_000);

  test("while PostgreSQL is away the buffer stops at REQUEST_LOG_BUFFER_MAX, drops newer entries, and writes the rest once it is back", async () => {
    const target = new URL(inject("databaseUrl"));
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(target);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    const server = await startChildServer({
      env: {
        DATABASE_URL: proxied.toString(),
        REQUEST_LOG_FLUSH_MS: "200",
        REQUEST_LOG_BUFFER_MAX: "5",
        API_KEY_CACHE_TTL_MS: "600000",
      },
    });
    servers.push(server);
    // Cached key, so that requests keep being answered (and logged) during the outage.
    const before = await unrouted(server);
    await eventually(async () => expect(await storedIds()).toEqual([before]), 10_000);

    await proxy.cut();
    const during: string[] = [];
    for (let index = 0; index < 12; index++) during.push(await unrouted(server));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await proxy.restore();

    const kept = await eventually(async () => {
      const ids = await storedIds();
      expect(ids).toHaveLength(6);
      return ids;
    }, 30_000);
    // The oldest five stay; the seven after them were dropped, and a warning counts them.
    expect(kept.sort()).toEqual([before, ...during.slice(0, 5)].sort());
    await eventually(async () => {
      expect(server.output()).toMatch(/"dropped":7[,}][^\n]*entries were dropped/);
    }, 10_000);
  }, 120_000);
});
