import { scratchDatabase } from "@/tests/support/scratch-database";

const LOCAL_SERVER = "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * The PostgreSQL a benchmark runs on: DATABASE_URL as given, or a new database on the local
 * server (dropped again by `drop`).
 */
export async function benchDatabase(
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const configured = process.env.DATABASE_URL;
  if (configured) return { url: configured, drop: async () => {} };
  const database = scratchDatabase(prefix, LOCAL_SERVER);
  await database.create();
  return database;
}
