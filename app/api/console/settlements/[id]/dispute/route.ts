import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { disputeSettlement } from "@/lib/settlements/dispute-settlement";
import { ZDisputeSettlementBody } from "@/lib/settlements/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/settlements/:id/dispute - as POST /v1/settlements/:id/dispute
  POST: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery, body: ZDisputeSettlementBody },
    ({ organizationId, params, query, body }) =>
      disputeSettlement({
        tenant: { organizationId, environment: query.environment },
        settlementId: params.id,
        reason: body.reason,
      }),
  ),
});
