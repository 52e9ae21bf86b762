import { revokeAgentKeyOperation } from "@/lib/agent-keys/operations";
import { revokeAgentKey } from "@/lib/agent-keys/revoke-agent-key";
import { tenantOf } from "@/lib/auth/tenant";
import { requireActingAgentAmong } from "@/lib/http/authorize";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/agents/:id/keys/:keyId/revoke - revoke an agent key
  POST: handle(revokeAgentKeyOperation, ({ auth, params }) => {
    requireActingAgentAmong(auth, [params.id], "this agent");
    return revokeAgentKey({ tenant: tenantOf(auth), agentId: params.id, keyId: params.keyId });
  }),
});
