import { bigint, date, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { environmentEnum } from "./_columns";

/**
 * API requests per organization, environment and UTC day: those served and those refused by the
 * rate limiter. Each server adds its in-memory tallies every few seconds (lib/usage).
 */
export const usageDays = pgTable(
  "usage_days",
  {
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    day: date({ mode: "string" }).notNull(),
    requests: bigint({ mode: "number" }).notNull().default(0),
    rateLimited: bigint({ mode: "number" }).notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: "pk_usage_days",
      columns: [table.organizationId, table.environment, table.day],
    }),
  ],
);

export type TUsageDayRow = typeof usageDays.$inferSelect;
