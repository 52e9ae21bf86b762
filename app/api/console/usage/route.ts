import { handleConsole } from "@/lib/console/handle-console";
import { ZUsageQuery } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { usageByDay } from "@/lib/usage/usage-by-day";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/usage - requests, rate-limit refusals and settlement volume per UTC day
  GET: handleConsole({ query: ZUsageQuery }, ({ organizationId, query }) =>
    usageByDay({ tenant: { organizationId, environment: query.environment }, days: query.days }),
  ),
});
