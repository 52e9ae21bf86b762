import { getAgentOrThrow } from "@/lib/agents/get-agent";
import { tenantOf } from "@/lib/auth/tenant";
import { requireActingAgentAmong } from "@/lib/http/authorize";
import { getWalletOperation } from "@/lib/ledger/operations";
import { readWallet } from "@/lib/ledger/read-wallet";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/agents/:id/wallet - balances and ledger entries
  GET: handle(getWalletOperation, async ({ auth, params, query }) => {
    const tenant = tenantOf(auth);
    const agent = await getAgentOrThrow({ tenant, agentId: params.id });
    requireActingAgentAmong(auth, [agent.id], "this agent");
    return readWallet({ environment: tenant.environment, agentId: agent.id, ...query });
  }),
});
