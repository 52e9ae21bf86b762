import { discoverAgents } from "@/lib/agents/discover-agents";
import { discoverAgentsOperation } from "@/lib/agents/operations";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/agents/discover - discover agents across organizations
  GET: handle(discoverAgentsOperation, ({ auth, query }) =>
    discoverAgents({ environment: auth.environment, query }),
  ),
});
