import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { failingEndpoints } from "@/lib/webhooks/endpoints/failing-endpoints";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/webhooks/failing - endpoints whose latest attempt of the last 24 hours failed
  GET: handleConsole({ query: ZEnvironmentQuery }, async ({ organizationId, query }) => ({
    data: await failingEndpoints({ tenant: { organizationId, environment: query.environment } }),
  })),
});
