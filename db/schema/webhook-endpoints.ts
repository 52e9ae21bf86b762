import { sql } from "drizzle-orm";
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { environmentEnum, lifecycleDates, timestampMs } from "./_columns";
import { organizations } from "./organizations";

export const webhookEndpointStatuses = ["active", "disabled"] as const;

/**
 * Where an organization receives events. `secret` is sealed (lib/crypto/sealed-secret.ts), not
 * hashed, because every delivery is signed with it; only the console's reveal route returns it. Deleting is soft, so the delivery log
 * keeps naming the endpoint while the same URL can be registered again.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    environment: environmentEnum().notNull(),
    url: text().notNull(),
    events: text().array().notNull(),
    secret: text().notNull(),
    /** The secret before the last rotation (sealed), still signing alongside until it expires. */
    previousSecret: text(),
    previousSecretExpiresAt: timestampMs(),
    status: text({ enum: webhookEndpointStatuses }).notNull().default("active"),
    /** Why the service disabled the endpoint (410 Gone, failing for 5 days); null otherwise. */
    disabledReason: text(),
    /** When it was last set active after being disabled: failures before do not count towards disabling it again. */
    enabledAt: timestampMs(),
    /** When the members were last mailed that it keeps failing: once per run of failures. */
    failureAlertedAt: timestampMs(),
    description: text(),
    ...lifecycleDates,
    deletedAt: timestampMs(),
  },
  (t) => [
    index("idx_webhook_endpoints_on_org_env_created").on(
      t.organizationId,
      t.environment,
      t.createdAt,
      t.id,
    ),
    uniqueIndex("uq_webhook_endpoints_on_org_env_url")
      .on(t.organizationId, t.environment, t.url)
      .where(sql`deleted_at is null`),
  ],
);

export type TWebhookEndpoint = typeof webhookEndpoints.$inferSelect;
