import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { TMandateSignature } from "@/lib/attest/mandate-signature";
import { environmentEnum, lifecycleDates, timestampMs } from "./_columns";
import { organizations } from "./organizations";

export const agentStatuses = ["active", "suspended"] as const;

/** A spending mandate's terms in normal form (lib/attest/mandate.ts defines and hashes them). */
export type TAgentMandate = {
  limits: { currency: string; perSettlement: number; perDay: number }[];
  allowedCounterparties: string[] | null;
  expiresAt: string | null;
};

export const agents = pgTable(
  "agents",
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    environment: environmentEnum().notNull(),
    name: text().notNull(),
    description: text(),
    capabilities: text().array().notNull().default(sql`'{}'::text[]`),
    endpointUrl: text(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: text({ enum: agentStatuses }).notNull().default("active"),
    discoverable: boolean().notNull().default(true),
    /** The spending mandate its organization set, null for none. */
    mandate: jsonb().$type<TAgentMandate>(),
    mandateHash: text(),
    /** Grows by one on each change of the mandate (removal included); 0 before the first. */
    mandateVersion: integer().notNull().default(0),
    /** The issuer's signature of the mandate (lib/attest/mandate-signature.ts), null for none. */
    mandateSignature: jsonb().$type<TMandateSignature>(),
    /**
     * Grows by one each time all of the agent's tokens are revoked. A token carries the
     * generation it was issued in (its `gen` claim); one of an older generation is refused.
     */
    tokenGeneration: integer().notNull().default(0),
    ...lifecycleDates,
    /** Agents are soft-deleted: settled receipts keep naming them. */
    deletedAt: timestampMs(),
  },
  (t) => [
    index("idx_agents_on_org_env_created").on(t.organizationId, t.environment, t.createdAt, t.id),
    index("idx_agents_on_capabilities").using("gin", t.capabilities),
  ],
);

export type TAgentRow = typeof agents.$inferSelect;
