import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { TAgentKeyAlgorithm, TAgentPublicJwk } from "@/lib/attest/agent-public-key";
import { environmentEnum, timestampMs } from "./_columns";
import { agents } from "./agents";

export const agentKeyStatuses = ["active", "revoked"] as const;

/**
 * Public keys an agent signs its negotiation responses with. Revoked keys stay: evidence
 * already carries the public key, but the list keeps showing what was once accepted.
 */
export const agentKeys = pgTable(
  "agent_keys",
  {
    id: text().primaryKey(),
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    agentId: text()
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    algorithm: text().$type<TAgentKeyAlgorithm>().notNull(),
    publicJwk: jsonb().$type<TAgentPublicJwk>().notNull(),
    /** RFC 7638 thumbprint: the same public key is registered once per agent. */
    thumbprint: text().notNull(),
    status: text({ enum: agentKeyStatuses }).notNull().default("active"),
    revokedAt: timestampMs(),
    createdAt: timestampMs().notNull().defaultNow(),
  },
  (t) => [
    index("idx_agent_keys_on_agent_created").on(t.agentId, t.createdAt, t.id),
    // A revoked key is not registered again: its signatures must stay attributable to one record.
    uniqueIndex("idx_agent_keys_on_agent_thumbprint").on(t.agentId, t.thumbprint),
  ],
);

export type TAgentKeyRow = typeof agentKeys.$inferSelect;
