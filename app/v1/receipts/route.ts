import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { listReceipts } from "@/lib/receipts/list-receipts";
import { listReceiptsOperation } from "@/lib/receipts/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/receipts - list receipts
  GET: handle(listReceiptsOperation, ({ auth, query }) =>
    listReceipts({ tenant: tenantOf(auth), query }),
  ),
});
