import { and, eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { agents } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";
import { ownedAgents, type Tenant } from "./visibility";

export async function getAgentOrThrow(
  { tenant, agentId, forUpdate = false }: { tenant: Tenant; agentId: string; forUpdate?: boolean },
  executor: TExecutor = db,
) {
  const query = executor
    .select()
    .from(agents)
    .where(and(eq(agents.id, agentId), ownedAgents(tenant)));
  const [agent] = forUpdate ? await query.for("update") : await query;
  if (!agent) throw notFound("agent", agentId);
  return agent;
}
