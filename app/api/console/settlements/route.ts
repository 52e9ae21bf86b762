import { handleConsole } from "@/lib/console/handle-console";
import { ZConsoleSettlementsQuery } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { listSettlements } from "@/lib/settlements/list-settlements";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/settlements - one page of the settlements the organization is party to
  GET: handleConsole({ query: ZConsoleSettlementsQuery }, ({ organizationId, query }) => {
    const { environment, ...listQuery } = query;
    return listSettlements({ tenant: { organizationId, environment }, query: listQuery });
  }),
});
