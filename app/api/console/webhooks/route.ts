import { handleConsole } from "@/lib/console/handle-console";
import { ZConsoleWebhooksQuery, ZEnvironmentQuery } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { createWebhookEndpoint } from "@/lib/webhooks/endpoints/create-endpoint";
import { listWebhookEndpoints } from "@/lib/webhooks/endpoints/list-endpoints";
import { ZCreateWebhookBody } from "@/lib/webhooks/endpoints/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/webhooks - one page of the organization's endpoints
  GET: handleConsole({ query: ZConsoleWebhooksQuery }, ({ organizationId, query }) => {
    const { environment, ...listQuery } = query;
    return listWebhookEndpoints({ tenant: { organizationId, environment }, query: listQuery });
  }),
  // POST /api/console/webhooks - register an endpoint
  POST: handleConsole(
    { query: ZEnvironmentQuery, body: ZCreateWebhookBody },
    ({ organizationId, query, body }) =>
      createWebhookEndpoint({
        tenant: { organizationId, environment: query.environment },
        input: body,
      }),
    { status: 201 },
  ),
});
