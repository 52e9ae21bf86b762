import { setConfigVariables } from "@/config";
import { closeDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { scratchDatabase } from "./scratch-database";

/**
 * Moves this test file onto a database of its own on the server of DATABASE_URL, migrated, and
 * returns how to drop it. For tests whose rows the shared test server's background runner must
 * not pick up (its outbox dispatcher would act on them concurrently).
 */
export type TOwnDatabase = { url: string; drop: () => Promise<void> };

export async function moveToOwnDatabase(): Promise<TOwnDatabase> {
  const sharedUrl = process.env.DATABASE_URL;
  if (!sharedUrl) throw new Error("DATABASE_URL is not set");
  const database = scratchDatabase("test_own", sharedUrl);
  await database.create();
  await closeDatabase();
  setConfigVariables({ DATABASE_URL: database.url });
  await migrateDatabase(database.url);
  return {
    url: database.url,
    drop: async () => {
      await closeDatabase();
      await database.drop();
    },
  };
}
