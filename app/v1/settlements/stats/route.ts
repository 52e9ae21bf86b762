import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { settlementStatsOperation } from "@/lib/settlements/operations";
import { settlementStats } from "@/lib/settlements/settlement-stats";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/settlements/stats - settlement statistics
  GET: handle(settlementStatsOperation, ({ auth, query }) =>
    settlementStats({ tenant: tenantOf(auth), query }),
  ),
});
