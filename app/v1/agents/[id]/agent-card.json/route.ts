import { getAgentCard } from "@/lib/agent-cards/get-agent-card";
import { getAgentCardOperation } from "@/lib/agent-cards/operations";
import { publicOrigin } from "@/lib/http/respond";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/agents/:id/agent-card.json - a discoverable agent's A2A agent card
  GET: handle(getAgentCardOperation, ({ request, environment, params }) =>
    getAgentCard({ environment, agentId: params.id, origin: publicOrigin(request) }),
  ),
});
