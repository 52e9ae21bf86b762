import type { TAgentRow } from "@/db/schema";
import { presentMandate } from "@/lib/mandates/present-mandate";
import type { TAgent } from "./schemas";

export function presentAgent(agent: TAgentRow): TAgent {
  return {
    id: agent.id,
    name: agent.name,
    description: agent.description,
    capabilities: agent.capabilities,
    endpointUrl: agent.endpointUrl,
    metadata: agent.metadata as Record<string, string>,
    status: agent.status,
    discoverable: agent.discoverable,
    mandate: presentMandate(agent),
    createdAt: agent.createdAt.toISOString(),
    updatedAt: agent.updatedAt.toISOString(),
  };
}
