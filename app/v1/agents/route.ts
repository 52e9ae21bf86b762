import { createAgent } from "@/lib/agents/create-agent";
import { listAgents } from "@/lib/agents/list-agents";
import { createAgentOperation, listAgentsOperation } from "@/lib/agents/operations";
import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/agents - list agents
  GET: handle(listAgentsOperation, ({ auth, query }) =>
    listAgents({ tenant: tenantOf(auth), query }),
  ),
  // POST /v1/agents - register an agent
  POST: handle(createAgentOperation, ({ auth, body }) =>
    createAgent({ tenant: tenantOf(auth), input: body }),
  ),
});
