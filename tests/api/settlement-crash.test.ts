import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { events, receipts, sandboxCharges, settlements } from "@/db/schema";
import { sandboxTriggers } from "@/lib/rails/sandbox-triggers";
import { call, eventually } from "../support/api";
import { startChildServer, type TChildServer } from "../support/child-server";
import { pendingSettlement } from "../support/deals";
import { moveToOwnDatabase, type TOwnDatabase } from "../support/own-database";
import { seedTenant } from "../support/tenant";

// A database of its own, so that only the child server's runner can pick up these jobs.
const embedded = inject("databaseEmbedded");
let database: TOwnDatabase | undefined;
const childEnv = () => ({
  DATABASE_URL: database?.url,
  SANDBOX_SLOW_MS: "5000",
  RAIL_TIMEOUT_MS: "30000",
  JOBS_LEASE_MS: "2000",
  JOBS_RETRY_SCALE: "0.01",
});

let server: TChildServer | undefined;

beforeAll(async () => {
  if (!embedded) database = await moveToOwnDatabase();
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe("a crash during execution", () => {
  // PGlite allows one server process per data directory: there is no second process to kill.
  test.skipIf(embedded)(
    "SIGKILL while the rail is paying, restart: every settlement ends executed or failed, charged once",
    { tags: ["own-server-processes"], timeout: 120_000 },
    async () => {
      server = await startChildServer({ env: childEnv() });
      const baseUrl = server.baseUrl;
      const tenant = await seedTenant();
      const key = tenant.keys.sandbox;
      const values = [sandboxTriggers.slow, sandboxTriggers.slow, 1200, sandboxTriggers.decline];
      const ids: string[] = [];
      for (const value of values) {
        const { settlement } = await pendingSettlement(key, { value, baseUrl });
        ids.push(settlement.id);
      }
      for (const id of ids) {
        const started = await call("POST", `/settlements/${id}/execute`, {
          key,
          baseUrl,
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
      await server.kill();
      const midway = await db
        .select({ id: settlements.id, status: settlements.status })
        .from(settlements)
        .where(inArray(settlements.id, ids.slice(0, 2)));
      expect(midway.map((row) => row.status)).toEqual(["executing", "executing"]);

      server = await startChildServer({ env: childEnv() });
      const finished = await eventually(async () => {
        const rows = await db.select().from(settlements).where(inArray(settlements.id, ids));
        for (const row of rows) expect(row.status).not.toBe("executing");
        return new Map(rows.map((row) => [row.id, row]));
      }, 40_000);
      expect(ids.map((id) => finished.get(id)?.status)).toEqual([
        "executed",
        "executed",
        "executed",
        "failed",
      ]);

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
      expect(issued).toHaveLength(3);
      const executedEvents = await db
        .select()
        .from(events)
        .where(inArray(sql`${events.data}->'object'->>'id'`, ids));
      expect(executedEvents.filter((event) => event.type === "settlement.executed")).toHaveLength(
        3,
      );
      expect(
        (await db.select().from(settlements).where(eq(settlements.status, "executing"))).length,
      ).toBe(0);
      await tenant.remove();
    },
  );
});
