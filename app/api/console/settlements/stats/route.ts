import { handleConsole } from "@/lib/console/handle-console";
import { ZConsoleSettlementStatsQuery } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { settlementStats } from "@/lib/settlements/settlement-stats";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/settlements/stats - as GET /v1/settlements/stats
  GET: handleConsole({ query: ZConsoleSettlementStatsQuery }, ({ organizationId, query }) => {
    const { environment, ...period } = query;
    return settlementStats({ tenant: { organizationId, environment }, query: period });
  }),
});
