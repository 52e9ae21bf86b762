import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { getSettlementOrThrow } from "@/lib/settlements/get-settlement";
import { getSettlementOperation } from "@/lib/settlements/operations";
import { presentSettlement } from "@/lib/settlements/present-settlement";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/settlements/:id - retrieve a settlement
  GET: handle(getSettlementOperation, async ({ auth, params }) =>
    presentSettlement(
      await getSettlementOrThrow({ tenant: tenantOf(auth), settlementId: params.id }),
    ),
  ),
});
