import { db } from "@/db/client";
import { agents } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit-event";
import { newId } from "@/lib/ids";
import { presentAgent } from "./present-agent";
import type { TCreateAgentBody } from "./schemas";
import type { Tenant } from "./visibility";

export async function createAgent({ tenant, input }: { tenant: Tenant; input: TCreateAgentBody }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(agents)
      .values({
        id: newId("agent"),
        organizationId: tenant.organizationId,
        environment: tenant.environment,
        name: input.name,
        description: input.description ?? null,
        capabilities: input.capabilities ?? [],
        endpointUrl: input.endpointUrl ?? null,
        discoverable: input.discoverable ?? true,
        metadata: input.metadata ?? {},
      })
      .returning();
    const agent = presentAgent(row!);
    await emitEvent(tx, { ...tenant, type: "agent.registered", object: agent });
    return agent;
  });
}
