import { handleConsole } from "@/lib/console/handle-console";
import { ZConsoleReceiptsQuery } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { listReceipts } from "@/lib/receipts/list-receipts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/receipts - one filtered page of the organization's receipts
  GET: handleConsole({ query: ZConsoleReceiptsQuery }, ({ organizationId, query }) => {
    const { environment, ...listQuery } = query;
    return listReceipts({ tenant: { organizationId, environment }, query: listQuery });
  }),
});
