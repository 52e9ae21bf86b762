import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { getReceiptBundle } from "@/lib/receipts/get-receipt-bundle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/receipts/:id/bundle - the receipt bundle to download and verify offline
  GET: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery },
    ({ organizationId, params, query }) =>
      getReceiptBundle({
        tenant: { organizationId, environment: query.environment },
        receiptId: params.id,
      }),
  ),
});
