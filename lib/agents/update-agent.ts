import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { agents } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit-event";
import { mandateChange, mandateTermsOf } from "@/lib/mandates/mandate-change";
import { mandateSigner } from "@/lib/mandates/mandate-signer";
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
    const current = await getAgentOrThrow({ tenant, agentId, forUpdate: true }, tx);
    const { mandate, ...fields } = input;
    const now = new Date();
    let change = {};
    if (mandate !== undefined) {
      const terms = mandate === null ? null : mandateTermsOf(mandate, now);
      const signature =
        terms && mandate?.signature
          ? await mandateSigner(tx, { tenant, agentId, terms, jws: mandate.signature })
          : null;
      change = mandateChange({ current, terms, signature });
    }
    const [row] = await tx
      .update(agents)
      .set({ ...fields, ...change, updatedAt: now })
      .where(eq(agents.id, agentId))
      .returning();
    const agent = presentAgent(row!);
    await emitEvent(tx, { ...tenant, type: "agent.updated", object: agent });
    return agent;
  });
}
