import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";

/**
 * One authenticated /v1 request, as the console's request log shows it: written in batches off
 * the request path (lib/request-logs), kept RETENTION_REQUEST_LOGS_DAYS. Never a secret: no
 * headers, no request body; the response body only when it is the error envelope.
 */
export const requestLogs = pgTable(
  "request_logs",
  {
    /** The Request-Id the response carried. */
    id: text().primaryKey(),
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    status: integer().notNull(),
    latencyMs: integer().notNull(),
    /** The API key that made the request, or null for an agent token. */
    keyId: text(),
    /** The agent token's jti and agent, or null for an API key. */
    tokenId: text(),
    agentId: text(),
    /** The error envelope the response carried (status 400 and above). */
    error: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestampMs().notNull(),
  },
  (t) => [
    index("idx_request_logs_on_org_env_created").on(
      t.organizationId,
      t.environment,
      t.createdAt,
      t.id,
    ),
    index("idx_request_logs_on_key_created").on(t.keyId, t.createdAt, t.id),
    index("idx_request_logs_on_created").on(t.createdAt),
  ],
);

export type TRequestLogRow = typeof requestLogs.$inferSelect;
export type TNewRequestLogRow = typeof requestLogs.$inferInsert;
