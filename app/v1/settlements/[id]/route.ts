import { tenantOf } from "@/lib/auth/tenant";
import { requireActingAgentAmong } from "@/lib/http/authorize";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { getSettlementOrThrow } from "@/lib/settlements/get-settlement";
import { getSettlementOperation } from "@/lib/settlements/operations";
import { presentSettlement } from "@/lib/settlements/present-settlement";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/settlements/:id - retrieve a settlement
  GET: handle(getSettlementOperation, async ({ auth, params }) => {
    const row = await getSettlementOrThrow({ tenant: tenantOf(auth), settlementId: params.id });
    const parties = row.parties.map((party) => party.agentId);
    requireActingAgentAmong(auth, parties, "a party to this settlement");
    return presentSettlement(row);
  }),
});
