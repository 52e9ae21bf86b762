import path from "node:path";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { connect } from "./client";

// Any constant works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK = 727_270_001;

/** Applies the committed drizzle-kit migrations, one process at a time. */
export async function migrateDatabase(url: string): Promise<void> {
  const { db, sql } = connect(url, { max: 1, statementTimeoutMs: 0 });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(db, {
      migrationsFolder: path.join(/*turbopackIgnore: true*/ process.cwd(), "db/migrations"),
    });
    await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}
