import { deleteAgent } from "@/lib/agents/delete-agent";
import { getAgentOrThrow } from "@/lib/agents/get-agent";
import { presentAgent } from "@/lib/agents/present-agent";
import { ZUpdateAgentBody } from "@/lib/agents/schemas";
import { updateAgent } from "@/lib/agents/update-agent";
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
  // PATCH /api/console/agents/:id - edit, suspend or resume an agent, as PATCH /v1/agents/:id
  PATCH: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery, body: ZUpdateAgentBody },
    ({ organizationId, params, query, body }) =>
      updateAgent({
        tenant: { organizationId, environment: query.environment },
        agentId: params.id,
        input: body,
      }),
  ),
  // DELETE /api/console/agents/:id - delete an agent, as DELETE /v1/agents/:id
  DELETE: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery },
    ({ organizationId, params, query }) =>
      deleteAgent({
        tenant: { organizationId, environment: query.environment },
        agentId: params.id,
      }),
  ),
});
