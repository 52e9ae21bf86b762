import { bigint, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

/**
 * The last event `sequence` of each object as one organization sees it. Kept past the events'
 * retention, so that an object's sequence never starts over.
 */
export const eventSequences = pgTable(
  "event_sequences",
  {
    organizationId: text().notNull(),
    objectId: text().notNull(),
    last: bigint({ mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ name: "event_sequences_pkey", columns: [t.organizationId, t.objectId] })],
);
