import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { revealWebhookSecret } from "@/lib/webhooks/endpoints/reveal-secret";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/webhooks/:id/secret - the signing secret, fetched only when revealed
  GET: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery },
    ({ organizationId, params, query }) =>
      revealWebhookSecret({
        tenant: { organizationId, environment: query.environment },
        endpointId: params.id,
      }),
    { role: "developer" },
  ),
});
