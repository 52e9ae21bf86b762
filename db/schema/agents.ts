import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { environmentEnum, lifecycleDates, timestampMs } from "./_columns";
import { organizations } from "./organizations";

export const agentStatuses = ["active", "suspended"] as const;

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
