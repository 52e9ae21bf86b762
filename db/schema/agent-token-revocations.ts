import { index, pgTable, text } from "drizzle-orm/pg-core";
import { environmentEnum, timestampMs } from "./_columns";
import { organizations } from "./organizations";

/**
 * Agent tokens refused before they expire: one token by its `jti`, or every token of an agent
 * issued up to `revokedAt` (which the agent's `tokenGeneration` enforces, a clock-free order). A
 * row outlives the longest token lifetime, then means nothing.
 */
export const agentTokenRevocations = pgTable(
  "agent_token_revocations",
  {
    id: text().primaryKey(),
    organizationId: text()
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    environment: environmentEnum().notNull(),
    tokenId: text(),
    agentId: text(),
    revokedAt: timestampMs().notNull().defaultNow(),
    expiresAt: timestampMs().notNull(),
  },
  (t) => [
    index("idx_agent_token_revocations_on_token_id").on(t.organizationId, t.tokenId),
    index("idx_agent_token_revocations_on_agent_id").on(t.organizationId, t.agentId),
  ],
);
