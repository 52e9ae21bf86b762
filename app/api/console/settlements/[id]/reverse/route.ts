import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { reverseSettlement } from "@/lib/settlements/reverse-settlement";
import { ZReverseSettlementBody } from "@/lib/settlements/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/settlements/:id/reverse - as POST /v1/settlements/:id/reverse
  POST: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery, body: ZReverseSettlementBody },
    ({ organizationId, params, query, body }) =>
      reverseSettlement({
        tenant: { organizationId, environment: query.environment },
        settlementId: params.id,
        reason: body.reason,
      }),
  ),
});
