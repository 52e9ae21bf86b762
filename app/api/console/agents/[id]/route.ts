import { getAgentOrThrow } from "@/lib/agents/get-agent";
import { presentAgent } from "@/lib/agents/present-agent";
import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/agents/:id - one agent of the organization
  GET: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery },
    async ({ organizationId, params, query }) =>
      presentAgent(
        await getAgentOrThrow({
          tenant: { organizationId, environment: query.environment },
          agentId: params.id,
        }),
      ),
  ),
});
