import { bigint, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./_columns";

/**
 * Events received by the embedded runner (the part the Inngest server plays in production).
 * The id is the outbox row's id, so a second delivery of the same event starts nothing.
 */
export const jobEvents = pgTable("job_events", {
  id: text().primaryKey(),
  name: text().notNull(),
  data: jsonb().$type<Record<string, unknown>>().notNull(),
  /** The event's own time in Unix milliseconds, as the SDK expects `event.ts`. */
  ts: bigint({ mode: "number" }).notNull(),
  receivedAt: timestampMs().notNull().defaultNow(),
});

export type TJobEventRow = typeof jobEvents.$inferSelect;
