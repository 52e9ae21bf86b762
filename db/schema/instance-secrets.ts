import { pgTable, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./_columns";

/**
 * Secrets this installation generated for itself when none was configured (local use only),
 * stored once so that every process and restart agrees on them. Secret values are sealed
 * (lib/crypto/secret-contexts.ts names which).
 */
export const instanceSecrets = pgTable("instance_secrets", {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestampMs().notNull().defaultNow(),
});
