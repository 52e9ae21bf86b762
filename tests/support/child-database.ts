import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { setConfigVariables } from "@/config";
import { closeDatabase } from "@/db/client";
import type { TChildServer } from "./child-server";
import { moveToOwnDatabase } from "./own-database";

/**
 * The database of a test's own child servers, on whichever database the run is on. On
 * PostgreSQL: a migrated scratch database that this test file moves onto. On embedded PGlite
 * (TEST_DB=pglite): a fresh data directory that the child server opens, as `npm run up` opens
 * `.data`; PGlite lets only that process open it, so this test file reaches it through the
 * server's loopback socket, attached again after each start (the port changes) and unreachable
 * while no server runs.
 */
export type TChildDatabase = {
  /** Added to the child server's environment. */
  env: Record<string, string | undefined>;
  /** Points this test file's database client at the started server's database. */
  attach: (server: TChildServer) => Promise<void>;
  drop: () => Promise<void>;
};

export async function childDatabase(): Promise<TChildDatabase> {
  if (!inject("databaseEmbedded")) {
    const database = await moveToOwnDatabase();
    return { env: { DATABASE_URL: database.url }, attach: async () => {}, drop: database.drop };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "ass-child-pglite-"));
  return {
    // The test run's DATABASE_URL (the PostgreSQL stage's) must not reach the child.
    env: { DATABASE_URL: undefined, DATA_DIR: dataDir },
    attach: async () => {
      const owner = JSON.parse(readFileSync(path.join(dataDir, "embedded-db.json"), "utf8")) as {
        url: string;
      };
      await closeDatabase();
      setConfigVariables({ DATABASE_URL: owner.url });
    },
    drop: async () => {
      await closeDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
