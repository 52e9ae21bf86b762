import { pgTable, text } from "drizzle-orm/pg-core";
import { lifecycleDates, planTierEnum } from "./_columns";

export const organizations = pgTable("organizations", {
  id: text().primaryKey(),
  name: text().notNull(),
  plan: planTierEnum().notNull().default("free"),
  ...lifecycleDates,
});

export type TOrganization = typeof organizations.$inferSelect;
