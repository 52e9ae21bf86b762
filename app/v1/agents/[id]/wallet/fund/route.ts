import { getAgentOrThrow } from "@/lib/agents/get-agent";
import { tenantOf } from "@/lib/auth/tenant";
import { requireActingAgentAmong } from "@/lib/http/authorize";
import { fundAndReadWallet } from "@/lib/ledger/fund-wallet";
import { fundWalletOperation } from "@/lib/ledger/operations";
import { requireSandboxFunding } from "@/lib/ledger/require-sandbox-funding";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /sandbox/v1/agents/:id/wallet/fund - test money into a sandbox wallet
  POST: handle(fundWalletOperation, async ({ auth, params, body }) => {
    const tenant = tenantOf(auth);
    requireSandboxFunding(tenant.environment);
    const agent = await getAgentOrThrow({ tenant, agentId: params.id });
    requireActingAgentAmong(auth, [agent.id], "this agent");
    return fundAndReadWallet({
      environment: tenant.environment,
      agentId: agent.id,
      amount: body.amount.value,
      currency: body.amount.currency,
    });
  }),
});
