import { getAgentOrThrow } from "@/lib/agents/get-agent";
import { handleConsole } from "@/lib/console/handle-console";
import { ZConsoleWalletQuery, ZIdParams } from "@/lib/console/schemas";
import { readWallet } from "@/lib/ledger/read-wallet";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/agents/:id/wallet - balances and ledger entries, as GET /v1/agents/:id/wallet
  GET: handleConsole(
    { params: ZIdParams, query: ZConsoleWalletQuery },
    async ({ organizationId, params, query }) => {
      const { environment, ...page } = query;
      const agent = await getAgentOrThrow({
        tenant: { organizationId, environment },
        agentId: params.id,
      });
      return readWallet({ environment, agentId: agent.id, ...page });
    },
  ),
});
