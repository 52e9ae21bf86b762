import { config, setConfigVariables } from "@/config";
import { runningEmbeddedDatabase, startEmbeddedDatabase, type TEmbeddedDatabase } from "./embedded";
import { migrateDatabase } from "./migrate";

export type TDatabaseMode = {
  kind: "postgres" | "embedded";
  url: string;
  embedded?: TEmbeddedDatabase;
};

/**
 * Resolves DATABASE_URL once per process: the configured PostgreSQL, the embedded database of a
 * running server (for the CLI), or a newly started embedded one. Then applies migrations.
 */
export async function ensureDatabase(owner: "server" | "cli"): Promise<TDatabaseMode> {
  let mode: TDatabaseMode;
  const configured = config().DATABASE_URL;
  if (configured) {
    mode = { kind: "postgres", url: configured };
  } else {
    const running = owner === "cli" ? runningEmbeddedDatabase() : undefined;
    if (running) {
      mode = { kind: "embedded", url: running.url };
    } else {
      const embedded = await startEmbeddedDatabase(owner);
      mode = { kind: "embedded", url: embedded.url, embedded };
    }
    setConfigVariables({ DATABASE_URL: mode.url, DATABASE_EMBEDDED: "1" });
  }
  await migrateDatabase(mode.url);
  return mode;
}
