import { deleteAgent } from "@/lib/agents/delete-agent";
import { getAgentOrThrow } from "@/lib/agents/get-agent";
import {
  deleteAgentOperation,
  getAgentOperation,
  updateAgentOperation,
} from "@/lib/agents/operations";
import { presentAgent } from "@/lib/agents/present-agent";
import { updateAgent } from "@/lib/agents/update-agent";
import { tenantOf } from "@/lib/auth/tenant";
import { refuseAgentToken, requireActingAgentAmong } from "@/lib/http/authorize";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/agents/:id - retrieve an agent
  GET: handle(getAgentOperation, async ({ auth, params }) => {
    requireActingAgentAmong(auth, [params.id], "this agent");
    return presentAgent(await getAgentOrThrow({ tenant: tenantOf(auth), agentId: params.id }));
  }),
  // PATCH /v1/agents/:id - update an agent
  PATCH: handle(updateAgentOperation, ({ auth, params, body }) => {
    requireActingAgentAmong(auth, [params.id], "this agent");
    // A mandate and a suspension bind the agent: only its organization's key may set or lift them.
    if (body.mandate !== undefined || body.status !== undefined) refuseAgentToken(auth);
    return updateAgent({ tenant: tenantOf(auth), agentId: params.id, input: body });
  }),
  // DELETE /v1/agents/:id - delete an agent
  DELETE: handle(deleteAgentOperation, ({ auth, params }) => {
    requireActingAgentAmong(auth, [params.id], "this agent");
    return deleteAgent({ tenant: tenantOf(auth), agentId: params.id });
  }),
});
