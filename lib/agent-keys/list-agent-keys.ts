import { and, arrayContains, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { agentKeys, agents, negotiations } from "@/db/schema";
import { ownedAgents } from "@/lib/agents/visibility";
import type { TTenant } from "@/lib/auth/tenant";
import { notFound } from "@/lib/http/api-error";
import { keyset, toPage } from "@/lib/http/pagination";
import { visibleNegotiations } from "@/lib/negotiations/visibility";
import { presentAgentKey } from "./present-agent-key";
import type { ZListAgentKeysQuery } from "./schemas";

/**
 * Whether the caller may read the agent's public keys: its own organization's agent, or one it
 * deals with (a party, beside one of its agents, to a negotiation of its environment). An
 * agent token reads its own agent's keys and those of the agents that agent deals with.
 */
async function mayReadKeys({
  tenant,
  agentId,
  actingAgentId,
}: {
  tenant: TTenant;
  agentId: string;
  actingAgentId: string | undefined;
}): Promise<boolean> {
  const [agent] = await db
    .select({ owned: sql<boolean>`${ownedAgents(tenant)}` })
    .from(agents)
    .where(
      and(
        eq(agents.id, agentId),
        eq(agents.environment, tenant.environment),
        isNull(agents.deletedAt),
      ),
    );
  if (!agent) return false;
  if (agent.owned && (actingAgentId === undefined || actingAgentId === agentId)) return true;
  const [deal] = await db
    .select({ id: negotiations.id })
    .from(negotiations)
    .where(
      and(
        visibleNegotiations(tenant),
        arrayContains(
          negotiations.partyAgentIds,
          actingAgentId === undefined ? [agentId] : [agentId, actingAgentId],
        ),
      ),
    )
    .limit(1);
  return deal !== undefined;
}

/** An agent's keys, newest first, revoked ones included unless filtered out. */
export async function listAgentKeys({
  tenant,
  agentId,
  actingAgentId,
  query,
}: {
  tenant: TTenant;
  agentId: string;
  /** The agent a token acts as; undefined for an API key. */
  actingAgentId: string | undefined;
  query: z.output<typeof ZListAgentKeysQuery>;
}) {
  if (!(await mayReadKeys({ tenant, agentId, actingAgentId }))) throw notFound("agent", agentId);
  const page = keyset(agentKeys, query.cursor, [
    eq(agentKeys.agentId, agentId),
    query.status ? eq(agentKeys.status, query.status) : undefined,
  ]);
  const rows = await db
    .select()
    .from(agentKeys)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, presentAgentKey);
}
