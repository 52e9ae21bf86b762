import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { events, receipts, sandboxCharges, settlements } from "@/db/schema";
import { sandboxTriggers } from "@/lib/rails/sandbox-triggers";
import { call, eventually } from "../support/api";
import { childDatabase, type TChildDatabase } from "../support/child-database";
import { startChildServer, type TChildServer } from "../support/child-server";
import { pendingSettlement } from "../support/deals";
import { buildLogcheck } from "../support/go-logcheck";
import { seedTenant } from "../support/tenant";

// A database of its own, so that only the child server's runner can pick up these jobs. On
// PGlite it is a data directory of its own, killed and reopened as `npm run up` would be.
let database: TChildDatabase;
const childEnv = () => ({
  ...database.env,
  SANDBOX_SLOW_MS: "5000",
  RAIL_TIMEOUT_MS: "30000",
  JOBS_LEASE_MS: "2000",
  JOBS_RETRY_SCALE: "0.01",
});

let server: TChildServer | undefined;

beforeAll(async () => {
  database = await childDatabase();
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe("a crash during execution and sealing", () => {
  test("SIGKILL while the rail is paying and receipts are sealing, restart: every settlement ends executed or failed, charged once, one sealed receipt each, the log verifies", {
    timeout: 180_000,
  }, async () => {
    const logcheck = await buildLogcheck();
    server = await startChildServer({ env: childEnv() });
    await database.attach(server);
    const tenant = await seedTenant();
    const key = tenant.keys.sandbox;
    // Two slow payments in flight at the kill, fast ones executed just before it (their
    // receipts being issued and sealed), and a decline.
    const values = [
      sandboxTriggers.slow,
      sandboxTriggers.slow,
      1200,
      1300,
      1400,
      sandboxTriggers.decline,
    ];
    const ids: string[] = [];
    for (const value of values) {
      const { settlement } = await pendingSettlement(key, { value, baseUrl: server.baseUrl });
      ids.push(settlement.id);
    }
    for (const id of ids) {
      const started = await call("POST", `/settlements/${id}/execute`, {
        key,
        baseUrl: server.baseUrl,
        body: {},
      });
      expect(started.status).toBe(202);
    }
    // The slow rail has recorded both charges and is still answering: kill now.
    await eventually(async () => {
      const charges = await db
        .select()
        .from(sandboxCharges)
        .where(inArray(sandboxCharges.settlementId, ids.slice(0, 2)));
      expect(charges).toHaveLength(2);
    }, 20_000);
    const midway = await db
      .select({ id: settlements.id, status: settlements.status })
      .from(settlements)
      .where(inArray(settlements.id, ids.slice(0, 2)));
    await server.kill();
    expect(midway.map((row) => row.status)).toEqual(["executing", "executing"]);

    server = await startChildServer({ env: childEnv() });
    await database.attach(server);
    const finished = await eventually(async () => {
      const rows = await db.select().from(settlements).where(inArray(settlements.id, ids));
      for (const row of rows) expect(row.status).not.toBe("executing");
      return new Map(rows.map((row) => [row.id, row]));
    }, 40_000);
    expect(ids.map((id) => finished.get(id)?.status)).toEqual([
      "executed",
      "executed",
      "executed",
      "executed",
      "executed",
      "failed",
    ]);
    const executed = ids.slice(0, 5);

    const charges = await db
      .select()
      .from(sandboxCharges)
      .where(inArray(sandboxCharges.settlementId, ids));
    expect(charges).toHaveLength(ids.length);
    for (const id of ids.slice(0, 2)) {
      const charge = charges.find((row) => row.settlementId === id)!;
      // called again after the restart with the same idempotency key: one charge, two attempts
      expect(charge.attempts).toBeGreaterThanOrEqual(2);
      expect(finished.get(id)?.externalRef).toBe(charge.externalRef);
    }
    const issued = await db.select().from(receipts).where(inArray(receipts.settlementId, ids));
    expect(issued.map((receipt) => receipt.settlementId).sort()).toEqual([...executed].sort());
    const executedEvents = await db
      .select()
      .from(events)
      .where(inArray(sql`${events.data}->'object'->>'id'`, ids));
    expect(executedEvents.filter((event) => event.type === "settlement.executed")).toHaveLength(
      executed.length,
    );
    expect(
      (await db.select().from(settlements).where(eq(settlements.status, "executing"))).length,
    ).toBe(0);

    // Every receipt sealed into the log once, and the log verifies from outside.
    for (const receipt of issued) {
      await eventually(async () => {
        const read = await call("GET", `/receipts/${receipt.id}`, {
          key,
          baseUrl: server!.baseUrl,
        });
        expect(read.body.status).toBe("valid");
      }, 40_000);
    }
    const checked = await logcheck(`${server.baseUrl}/sandbox/v1/attest/log`);
    expect(checked.output).toMatch(
      new RegExp(`^ok note signature: [^\\n]+, size ${executed.length}$`, "m"),
    );
    expect(checked.code, checked.output).toBe(0);
    await tenant.remove();
  });
});
