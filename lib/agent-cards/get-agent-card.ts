import { and, asc, eq, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { agentKeys, agents, organizations } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { notFound } from "@/lib/http/api-error";
import { presentAgentCard } from "./present-agent-card";

/** The card of a discoverable agent of the environment; 404 for any other. */
export async function getAgentCard({
  environment,
  agentId,
  origin,
}: {
  environment: TEnvironment;
  agentId: string;
  origin: string;
}) {
  const [found] = await db
    .select({ agent: agents, organizationName: organizations.name })
    .from(agents)
    .innerJoin(organizations, eq(organizations.id, agents.organizationId))
    .where(
      and(
        eq(agents.id, agentId),
        eq(agents.environment, environment),
        eq(agents.discoverable, true),
        isNull(agents.deletedAt),
      ),
    );
  if (!found) throw notFound("agent", agentId);
  const { agent, organizationName } = found;
  const keys = await db
    .select()
    .from(agentKeys)
    .where(and(eq(agentKeys.agentId, agent.id), eq(agentKeys.status, "active")))
    .orderBy(asc(agentKeys.createdAt), asc(agentKeys.id));
  return presentAgentCard({ agent, organizationName, keys, origin });
}
