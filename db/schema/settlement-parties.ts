import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";
import { settlements } from "./settlements";

/**
 * One row per settlement and party organization: an organization's settlements, newest first,
 * read without passing over other organizations' rows. The key is the list's order.
 */
export const settlementParties = pgTable(
  "settlement_parties",
  {
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    /** The settlement's own createdAt. */
    createdAt: timestampMs().notNull(),
    settlementId: text()
      .notNull()
      .references(() => settlements.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({
      name: "pk_settlement_parties",
      columns: [t.organizationId, t.environment, t.createdAt, t.settlementId],
    }),
    // From a settlement found another way (by its negotiation) to its party rows.
    index("idx_settlement_parties_on_settlement_id").on(t.settlementId),
  ],
);
