import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { TAgentKeyAlgorithm, TAgentPublicJwk } from "@/lib/attest/agent-public-key";
import { environmentEnum, timestampMs } from "./_columns";

export const agentKeyStatuses = ["active", "revoked"] as const;

/**
 * Public keys an agent signs its negotiation responses with. Revoked keys stay: evidence
 * already carries the public key, but the list keeps showing what was once accepted. Each
 * addition and revocation is an entry of the environment's attest log (agentKeyEntryText), at
 * the leaf the seal gave it; null until the next seal.
 */
export const agentKeys = pgTable(
  "agent_keys",
  {
    /** RFC 7638 thumbprint of the public key (keys registered before: `akey-…`). */
    id: text().primaryKey(),
    organizationId: text().notNull(),
    environment: environmentEnum().notNull(),
    // No foreign key: like a receipt, a key outlives its agent, since the log serves its entries.
    agentId: text().notNull(),
    algorithm: text().$type<TAgentKeyAlgorithm>().notNull(),
    publicJwk: jsonb().$type<TAgentPublicJwk>().notNull(),
    /** RFC 7638 thumbprint: the same public key is registered once per agent. */
    thumbprint: text().notNull(),
    status: text({ enum: agentKeyStatuses }).notNull().default("active"),
    revokedAt: timestampMs(),
    createdAt: timestampMs().notNull().defaultNow(),
    addedLogIndex: bigint({ mode: "number" }),
    revokedLogIndex: bigint({ mode: "number" }),
  },
  (t) => [
    index("idx_agent_keys_on_agent_created").on(t.agentId, t.createdAt, t.id),
    // A revoked key is not registered again: its signatures must stay attributable to one record.
    uniqueIndex("idx_agent_keys_on_agent_thumbprint").on(t.agentId, t.thumbprint),
    // The seal finds the entries not logged yet.
    index("idx_agent_keys_unlogged")
      .on(t.environment, t.createdAt, t.id)
      .where(
        sql`${t.addedLogIndex} is null or (${t.revokedAt} is not null and ${t.revokedLogIndex} is null)`,
      ),
  ],
);

export type TAgentKeyRow = typeof agentKeys.$inferSelect;
