import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { getSettlementOrThrow } from "@/lib/settlements/get-settlement";
import { presentSettlement } from "@/lib/settlements/present-settlement";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/settlements/:id - one settlement
  GET: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery },
    async ({ organizationId, params, query }) =>
      presentSettlement(
        await getSettlementOrThrow({
          tenant: { organizationId, environment: query.environment },
          settlementId: params.id,
        }),
      ),
  ),
});
