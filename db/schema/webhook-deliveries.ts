import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { environmentEnum, lifecycleDates, timestampMs } from "./_columns";
import { events } from "./events";
import { webhookEndpoints } from "./webhook-endpoints";

export const webhookDeliveryStatuses = ["pending", "delivered", "failed", "cancelled"] as const;

/**
 * One event on its way to one endpoint; written in the transaction that emitted the event. A
 * test delivery (`test`) records a sample event sent from "send test event": it has no event
 * row, is closed by its one attempt, and is never sent again.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** null for a test delivery. */
    eventId: text().references(() => events.id, { onDelete: "cascade" }),
    eventType: text().notNull(),
    test: boolean().notNull().default(false),
    status: text({ enum: webhookDeliveryStatuses }).notNull().default("pending"),
    /** Attempts made so far (a manual retry continues the numbering). */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestampMs(),
    lastAttemptAt: timestampMs(),
    lastResponseCode: integer(),
    lastLatencyMs: integer(),
    lastError: text(),
    deliveredAt: timestampMs(),
    ...lifecycleDates,
  },
  (t) => [
    index("idx_webhook_deliveries_on_endpoint_created").on(t.endpointId, t.createdAt, t.id),
    index("idx_webhook_deliveries_on_event").on(t.eventId),
    // The requeue of overdue deliveries reads only the pending ones, by their next attempt.
    index("idx_webhook_deliveries_pending_on_next_attempt")
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

export type TWebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
