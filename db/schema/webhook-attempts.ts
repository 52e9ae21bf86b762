import { boolean, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
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
  },
  (t) => [
    primaryKey({ name: "pk_webhook_attempts", columns: [t.deliveryId, t.attempt] }),
    index("idx_webhook_attempts_on_endpoint_started").on(t.endpointId, t.startedAt),
  ],
);

export type TWebhookAttempt = typeof webhookAttempts.$inferSelect;
