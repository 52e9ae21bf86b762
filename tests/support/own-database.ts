import postgres from "postgres";
import { closeDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { randomBase62 } from "@/lib/ids";

/**
 * Moves this test file onto a database of its own on the server of DATABASE_URL, migrated, and
 * returns how to drop it. For tests whose rows the shared test server's background runner must
 * not pick up (its outbox dispatcher would act on them concurrently).
 */
export async function moveToOwnDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const sharedUrl = process.env.DATABASE_URL;
  if (!sharedUrl) throw new Error("DATABASE_URL is not set");
  const name = `test_own_${randomBase62(10).toLowerCase()}`;
  const admin = postgres(sharedUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(sharedUrl);
  url.pathname = `/${name}`;
  await closeDatabase();
  process.env.DATABASE_URL = url.toString();
  await migrateDatabase(url.toString());
  return {
    url: url.toString(),
    drop: async () => {
      await closeDatabase();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
