import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { agents } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit-event";
import { getAgentOrThrow } from "./get-agent";
import { presentAgent } from "./present-agent";
import type { TUpdateAgentBody } from "./schemas";
import type { Tenant } from "./visibility";

export async function updateAgent({
  tenant,
  agentId,
  input,
}: {
  tenant: Tenant;
  agentId: string;
  input: TUpdateAgentBody;
}) {
  return db.transaction(async (tx) => {
    await getAgentOrThrow({ tenant, agentId, forUpdate: true }, tx);
    const [row] = await tx
      .update(agents)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(agents.id, agentId))
      .returning();
    const agent = presentAgent(row!);
    await emitEvent(tx, { ...tenant, type: "agent.updated", object: agent });
    return agent;
  });
}
