import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./_columns";
import { webhookDeliveries } from "./webhook-deliveries";

/**
 * One HTTP request to an endpoint. The row is written before the request is sent, and the key
 * (delivery, attempt) makes sure no attempt is ever sent twice, even across a crash.
 */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    deliveryId: text()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attempt: integer().notNull(),
    endpointId: text().notNull(),
    startedAt: timestampMs().notNull().defaultNow(),
    finishedAt: timestampMs(),
    /** null until finished; true for a 2xx answer. */
    succeeded: boolean(),
    responseCode: integer(),
    latencyMs: integer(),
    error: text(),
    /** The receiver's Retry-After, in ms, when it sent one. */
    retryAfterMs: integer(),
    /** What was sent (signature headers included; null for an attempt cut off by a crash). */
    requestHeaders: jsonb().$type<Record<string, string>>(),
    /** The first 16 KiB of the body sent. */
    requestBody: text(),
    /** The receiver's answer, when there was one; its body is the first 4 KiB. */
    responseHeaders: jsonb().$type<Record<string, string>>(),
    responseBody: text(),
  },
  (t) => [
    primaryKey({ name: "pk_webhook_attempts", columns: [t.deliveryId, t.attempt] }),
    index("idx_webhook_attempts_on_endpoint_started").on(t.endpointId, t.startedAt),
  ],
);

export type TWebhookAttemptRow = typeof webhookAttempts.$inferSelect;
