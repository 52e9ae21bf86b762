import { index, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";
import { negotiations } from "./negotiations";

/**
 * One row per negotiation and party organization: an organization's negotiations, newest first,
 * read without passing over other organizations' rows. The key is the list's order.
 */
export const negotiationParties = pgTable(
  "negotiation_parties",
  {
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    /** The negotiation's own createdAt. */
    createdAt: timestampMs().notNull(),
    negotiationId: text()
      .notNull()
      .references(() => negotiations.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({
      name: "pk_negotiation_parties",
      columns: [t.organizationId, t.environment, t.createdAt, t.negotiationId],
    }),
    // From a negotiation found another way (by an agent) to its party rows.
    index("idx_negotiation_parties_on_negotiation_id").on(t.negotiationId),
  ],
);
