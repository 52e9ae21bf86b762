import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    key: text().notNull(),
    /** SHA-256 over method, path and body: a different request under the same key is a conflict. */
    requestHash: text().notNull(),
    responseStatus: integer(),
    responseBody: text(),
    createdAt: timestampMs().notNull().defaultNow(),
    completedAt: timestampMs(),
    /** While the request runs its process renews this; a claim not renewed in time is taken over. */
    lockedUntil: timestampMs(),
    expiresAt: timestampMs().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.environment, t.key] }),
    index("idx_idempotency_keys_on_expires_at").on(t.expiresAt),
  ],
);
