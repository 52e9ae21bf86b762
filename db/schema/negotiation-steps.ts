import { integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { TNegotiationStepPayload } from "@/lib/attest/negotiation-transcript";
import { environmentEnum, timestampMs } from "./_columns";
import { negotiations } from "./negotiations";

/**
 * The transcript of a negotiation: one row per proposal, counter, accept, reject and cancel,
 * with the credential of the call and the agent's signature. A settlement of the negotiation
 * copies them, in `position` order, into its evidence chain.
 */
export const negotiationSteps = pgTable(
  "negotiation_steps",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    negotiationId: text()
      .notNull()
      .references(() => negotiations.id, { onDelete: "cascade" }),
    /** From 1, without gaps: the negotiation row lock serializes the steps. */
    position: integer().notNull(),
    payload: jsonb().$type<TNegotiationStepPayload>().notNull(),
    createdAt: timestampMs().notNull(),
  },
  (t) => [
    uniqueIndex("idx_negotiation_steps_on_negotiation_position").on(t.negotiationId, t.position),
  ],
);

export type TNegotiationStepRow = typeof negotiationSteps.$inferSelect;
