import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";

/** Every event the service emits, kept 30 days; webhooks deliver them. */
export const events = pgTable(
  "events",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    type: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    /** 1, 2, 3, … per object and organization (event_sequences); 0 on events older than it. */
    sequence: bigint({ mode: "number" }).notNull().default(0),
    createdAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [
    index("idx_events_on_org_env_created").on(t.organizationId, t.environment, t.createdAt, t.id),
    // The events of one object (`objectId` filter): the id of the resource the event carries.
    index("idx_events_on_org_env_object").on(
      t.organizationId,
      t.environment,
      sql`(${t.data} -> 'object' ->> 'id')`,
      t.createdAt,
    ),
  ],
);

export type TEventRow = typeof events.$inferSelect;
