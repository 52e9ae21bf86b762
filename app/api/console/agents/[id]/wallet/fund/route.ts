import { getAgentOrThrow } from "@/lib/agents/get-agent";
import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { fundAndReadWallet } from "@/lib/ledger/fund-wallet";
import { requireSandboxFunding } from "@/lib/ledger/require-sandbox-funding";
import { ZFundWalletBody } from "@/lib/ledger/schemas";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/agents/:id/wallet/fund - test money, as POST /sandbox/v1/agents/:id/wallet/fund
  POST: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery, body: ZFundWalletBody },
    async ({ organizationId, params, query, body }) => {
      const { environment } = query;
      requireSandboxFunding(environment);
      const agent = await getAgentOrThrow({
        tenant: { organizationId, environment },
        agentId: params.id,
      });
      return fundAndReadWallet({
        environment,
        agentId: agent.id,
        amount: body.amount.value,
        currency: body.amount.currency,
      });
    },
  ),
});
