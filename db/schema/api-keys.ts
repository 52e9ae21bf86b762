import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";
import { organizations } from "./organizations";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    environment: environmentEnum().notNull(),
    name: text().notNull(),
    /** SHA-256 of the secret, hex. The secret itself is never stored. */
    hash: text().notNull(),
    prefix: text().notNull(),
    last4: text().notNull(),
    scopes: text().array().notNull(),
    createdAt: timestampMs().notNull().defaultNow(),
    lastUsedAt: timestampMs(),
    expiresAt: timestampMs(),
    revokedAt: timestampMs(),
    /** Set on the old key when it is rolled: the key that replaced it. */
    replacedById: text(),
  },
  (t) => [
    uniqueIndex("idx_api_keys_on_hash").on(t.hash),
    index("idx_api_keys_on_organization_id").on(t.organizationId, t.environment, t.createdAt),
  ],
);

export type TApiKeyRow = typeof apiKeys.$inferSelect;
