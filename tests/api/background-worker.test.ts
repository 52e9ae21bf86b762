import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { outbox, settlements } from "@/db/schema";
import { call, eventually } from "../support/api";
import { startChildServer, type TChildServer } from "../support/child-server";
import { pendingSettlement } from "../support/deals";
import { moveToOwnDatabase, type TOwnDatabase } from "../support/own-database";
import { seedTenant } from "../support/tenant";

// A database of its own, so that only these child servers can pick up its work.
const embedded = inject("databaseEmbedded");
let database: TOwnDatabase | undefined;
const servers: TChildServer[] = [];

beforeAll(async () => {
  if (!embedded) database = await moveToOwnDatabase();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
});

const statusOf = async (id: string) => {
  const [row] = await db
    .select({ status: settlements.status })
    .from(settlements)
    .where(eq(settlements.id, id));
  return row?.status;
};

describe("start-up", () => {
  test.skipIf(embedded)(
    "a bad BACKGROUND_WORK stops the server with the reason",
    { tags: ["own-server-processes"] },
    async () => {
      await expect(
        startChildServer({ env: { DATABASE_URL: database?.url, BACKGROUND_WORK: "sometimes" } }),
      ).rejects.toThrow(
        /exited early[\s\S]*BACKGROUND_WORK: must be "on" or "off" \(got "sometimes"\)/,
      );
    },
  );
});

describe("an API process with BACKGROUND_WORK=off and a worker process", () => {
  // PGlite allows one server process per data directory, and refuses BACKGROUND_WORK=off.
  test.skipIf(embedded)(
    "the API process leaves the work to the worker, whose dispatcher PostgreSQL wakes",
    { tags: ["own-server-processes"], timeout: 90_000 },
    async () => {
      const web = await startChildServer({
        env: { DATABASE_URL: database?.url, BACKGROUND_WORK: "off" },
      });
      servers.push(web);
      // The line may reach this process's pipe just after the health check's answer.
      await eventually(async () =>
        expect(web.output()).toContain("not in this process (BACKGROUND_WORK=off)"),
      );
      const tenant = await seedTenant();
      const key = tenant.keys.sandbox;
      const execute = async () => {
        const { settlement } = await pendingSettlement(key, { baseUrl: web.baseUrl });
        const started = await call("POST", `/settlements/${settlement.id}/execute`, {
          key,
          baseUrl: web.baseUrl,
          body: {},
        });
        expect(started.status).toBe(202);
        return settlement.id as string;
      };

      const first = await execute();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await statusOf(first)).toBe("executing");
      const written = await db.select({ dispatchedAt: outbox.dispatchedAt }).from(outbox);
      expect(written.length).toBeGreaterThan(0);
      expect(written.filter((row) => row.dispatchedAt !== null)).toEqual([]);

      // The worker's idle poll is ten minutes: only its start and NOTIFY can wake it in time.
      const worker = await startChildServer({
        env: { DATABASE_URL: database?.url, JOBS_POLL_MS: "600000" },
        ready: (output) => output.includes("functions synced"),
      });
      servers.push(worker);
      await eventually(async () => expect(await statusOf(first)).toBe("executed"), 20_000);
      // Past the receipt's sealing (debounced by a second), when the worker falls idle.
      await new Promise((resolve) => setTimeout(resolve, 3_000));

      const second = await execute();
      await eventually(async () => expect(await statusOf(second)).toBe("executed"), 20_000);
      await tenant.remove();
    },
  );
});
