import { listAgents } from "@/lib/agents/list-agents";
import { handleConsole } from "@/lib/console/handle-console";
import { ZConsoleAgentsQuery } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/agents - one page of the organization's agents in one environment
  GET: handleConsole({ query: ZConsoleAgentsQuery }, ({ organizationId, query }) => {
    const { environment, ...listQuery } = query;
    return listAgents({ tenant: { organizationId, environment }, query: listQuery });
  }),
});
