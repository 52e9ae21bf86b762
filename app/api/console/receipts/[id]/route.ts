import { handleConsole } from "@/lib/console/handle-console";
import { receiptDetail } from "@/lib/console/receipt-detail";
import { ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/receipts/:id - a receipt with its evidence chain and log proof
  GET: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery },
    ({ organizationId, params, query }) =>
      receiptDetail({
        tenant: { organizationId, environment: query.environment },
        receiptId: params.id,
      }),
  ),
});
