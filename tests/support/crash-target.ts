import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { inject } from "vitest";
import { startChildServer, type TChildServer } from "./child-server";
import { moveToOwnDatabase } from "./own-database";
import { seedTenant } from "./tenant";

/**
 * A server of its own on data of its own, to kill and start again: a scratch PostgreSQL database,
 * or (TEST_DB=pglite) an embedded database in its own data directory, which only one process
 * may open. `key` is a sandbox key with every scope; `read` queries the data directly.
 */
export type TCrashTarget = {
  /** The server started on the data; `start` starts another once it is killed. */
  first: TChildServer;
  start: () => Promise<TChildServer>;
  key: string;
  read: <Row extends object>(text: string, params?: unknown[]) => Promise<Row[]>;
  cleanup: () => Promise<void>;
};

const embeddedKey = /sk_test_[0-9A-Za-z]+/;

export async function crashTarget(env: Record<string, string>): Promise<TCrashTarget> {
  const servers: TChildServer[] = [];
  const start = async () => {
    const server = await startChildServer({ env: { ...env, ...dataEnv } });
    servers.push(server);
    return server;
  };
  const stopAll = async () => {
    for (const server of servers) await server.kill();
  };
  let dataEnv: Record<string, string | undefined>;
  if (inject("databaseEmbedded")) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "crash-target-"));
    dataEnv = { DATABASE_URL: undefined, DATA_DIR: dataDir };
    const first = await start();
    const key = first.output().match(embeddedKey)?.[0];
    if (!key) throw new Error(`no bootstrap key in the output:\n${first.output()}`);
    const url = () =>
      (JSON.parse(readFileSync(path.join(dataDir, "embedded-db.json"), "utf8")) as { url: string })
        .url;
    return {
      first,
      start,
      key,
      read: async (text, params = []) => {
        // One short connection per read: the embedded database serves one process's socket.
        const sql = postgres(url(), { max: 1, prepare: false, onnotice: () => {} });
        try {
          return (await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as never;
        } finally {
          await sql.end();
        }
      },
      cleanup: async () => {
        await stopAll();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const database = await moveToOwnDatabase();
  dataEnv = { DATABASE_URL: database.url };
  const tenant = await seedTenant();
  const sql = postgres(database.url, { max: 1, prepare: false, onnotice: () => {} });
  return {
    first: await start(),
    start,
    key: tenant.keys.sandbox,
    read: async (text, params = []) =>
      (await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as never,
    cleanup: async () => {
      await stopAll();
      await sql.end();
      await database.drop();
    },
  };
}
