import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { agents } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit-event";
import { conflict } from "@/lib/http/api-error";
import { getAgentOrThrow } from "./get-agent";
import { hasOpenNegotiation } from "./has-open-negotiation";
import type { Tenant } from "./visibility";

export async function deleteAgent({ tenant, agentId }: { tenant: Tenant; agentId: string }) {
  return db.transaction(async (tx) => {
    await getAgentOrThrow({ tenant, agentId, forUpdate: true }, tx);
    if (await hasOpenNegotiation(tx, agentId))
      throw conflict(`Agent ${agentId} is party to an open negotiation; it cannot be deleted.`);
    const deletedAt = new Date();
    await tx.update(agents).set({ deletedAt, updatedAt: deletedAt }).where(eq(agents.id, agentId));
    await emitEvent(tx, {
      ...tenant,
      type: "agent.deleted",
      object: { id: agentId, deleted: true },
    });
    return { id: agentId, deleted: true as const, deletedAt: deletedAt.toISOString() };
  });
}
