import { bigint, date, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { environmentEnum, lifecycleDates } from "./_columns";

/**
 * What an agent under a mandate reserved or paid per currency and UTC day: the counter its
 * daily cap is enforced on, raised by one conditional update per settlement execution.
 */
export const mandateSpendDays = pgTable(
  "mandate_spend_days",
  {
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    agentId: text().notNull(),
    currency: text().notNull(),
    day: date({ mode: "string" }).notNull(),
    spent: bigint({ mode: "number" }).notNull().default(0),
    ...lifecycleDates,
  },
  (table) => [
    primaryKey({
      name: "pk_mandate_spend_days",
      columns: [table.agentId, table.currency, table.day],
    }),
  ],
);

export type TMandateSpendDayRow = typeof mandateSpendDays.$inferSelect;
