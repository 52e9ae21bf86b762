import { addAgentKey } from "@/lib/agent-keys/add-agent-key";
import { listAgentKeys } from "@/lib/agent-keys/list-agent-keys";
import { addAgentKeyOperation, listAgentKeysOperation } from "@/lib/agent-keys/operations";
import { actingAgentId } from "@/lib/auth/auth-context";
import { tenantOf } from "@/lib/auth/tenant";
import { requireActingAgentAmong } from "@/lib/http/authorize";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/agents/:id/keys - list an agent's keys
  GET: handle(listAgentKeysOperation, ({ auth, params, query }) =>
    listAgentKeys({
      tenant: tenantOf(auth),
      agentId: params.id,
      actingAgentId: actingAgentId(auth),
      query,
    }),
  ),
  // POST /v1/agents/:id/keys - register an agent key
  POST: handle(addAgentKeyOperation, ({ auth, params, body }) => {
    requireActingAgentAmong(auth, [params.id], "this agent");
    return addAgentKey({ tenant: tenantOf(auth), agentId: params.id, input: body });
  }),
});
