import { sql } from "drizzle-orm";
import { bigserial, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestampMs } from "./_columns";

/**
 * Work implied by a state change, written in the same transaction as the change.
 * The dispatcher sends each row once as an Inngest event (`id` doubles as the event id,
 * so a resend after a crash is deduplicated by Inngest).
 */
export const outbox = pgTable(
  "outbox",
  {
    seq: bigserial({ mode: "number" }).primaryKey(),
    id: text().notNull().unique(),
    name: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: timestampMs().notNull().defaultNow(),
    /** Not dispatched before this time: a fallback for work its request expects to finish itself. */
    notBefore: timestampMs(),
    dispatchedAt: timestampMs(),
  },
  (t) => [index("idx_outbox_pending").on(t.seq).where(sql`dispatched_at is null`)],
);
