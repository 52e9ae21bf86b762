import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { signatureRequirements } from "@/lib/attest/negotiation-transcript";
import { environmentEnum, lifecycleDates, timestampMs } from "./_columns";

export const negotiationStatuses = [
  "open",
  "accepted",
  "rejected",
  "cancelled",
  "expired",
] as const;
export type TNegotiationStatus = (typeof negotiationStatuses)[number];

export type TNegotiationTerms = {
  amount: { value: number; currency: string };
  splits: { agentId: string; amount: number }[];
  description: string | null;
};

export type TNegotiationResponse = {
  agentId: string;
  action: "accept" | "reject" | "counter" | "cancel";
  message: string | null;
  respondedAt: string;
};

/** One round: the terms someone proposed and every response to them. */
export type TNegotiationRound = {
  round: number;
  proposedBy: string;
  proposedAt: string;
  terms: TNegotiationTerms;
  responses: TNegotiationResponse[];
};

/**
 * A multi-party negotiation. `organizationId` is the initiator's organization; the parties'
 * organizations are in `partyOrganizationIds` (each of them sees the negotiation).
 */
export const negotiations = pgTable(
  "negotiations",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    initiatorAgentId: text().notNull(),
    responderAgentIds: text().array().notNull(),
    partyAgentIds: text().array().notNull(),
    partyOrganizationIds: text().array().notNull(),
    status: text({ enum: negotiationStatuses }).notNull().default("open"),
    round: integer().notNull().default(1),
    terms: jsonb().$type<TNegotiationTerms>().notNull(),
    rounds: jsonb().$type<TNegotiationRound[]>().notNull(),
    metadata: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Whose signatures of the final terms a settlement needs: none, responders or all. */
    signatures: text({ enum: signatureRequirements }).notNull().default("none"),
    expiresAt: timestampMs().notNull(),
    /** When the negotiation left `open` (accepted, rejected, cancelled or expired). */
    closedAt: timestampMs(),
    ...lifecycleDates,
  },
  (t) => [
    index("idx_negotiations_on_env_created").on(t.environment, t.createdAt, t.id),
    index("idx_negotiations_on_party_orgs").using("gin", t.partyOrganizationIds),
    index("idx_negotiations_on_party_agents")
      .using("gin", t.partyAgentIds)
      .where(sql`status = 'open'`),
  ],
);

export type TNegotiationRow = typeof negotiations.$inferSelect;
