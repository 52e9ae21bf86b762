import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { verifyReceipt } from "@/lib/receipts/verify-receipt";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/receipts/:id/verify - recompute and check the receipt, every check named
  POST: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery },
    ({ organizationId, params, query }) =>
      verifyReceipt({
        tenant: { organizationId, environment: query.environment },
        receiptId: params.id,
        includeEvidence: true,
        recomputeHash: true,
      }),
    { readOnly: true },
  ),
});
