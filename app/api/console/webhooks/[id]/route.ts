import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { deleteWebhookEndpoint } from "@/lib/webhooks/endpoints/delete-endpoint";
import { getWebhookEndpointDetails } from "@/lib/webhooks/endpoints/get-endpoint-details";
import { ZUpdateWebhookBody } from "@/lib/webhooks/endpoints/schemas";
import { updateWebhookEndpoint } from "@/lib/webhooks/endpoints/update-endpoint";

const schemas = { params: ZIdParams, query: ZEnvironmentQuery };

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/webhooks/:id - one endpoint with its statistics
  GET: handleConsole(schemas, ({ organizationId, params, query }) =>
    getWebhookEndpointDetails({
      tenant: { organizationId, environment: query.environment },
      endpointId: params.id,
    }),
  ),
  // PATCH /api/console/webhooks/:id - change URL, events, description, status or secret
  PATCH: handleConsole(
    { ...schemas, body: ZUpdateWebhookBody },
    ({ organizationId, params, query, body }) =>
      updateWebhookEndpoint({
        tenant: { organizationId, environment: query.environment },
        endpointId: params.id,
        input: body,
      }),
  ),
  // DELETE /api/console/webhooks/:id - delete the endpoint and cancel its pending deliveries
  DELETE: handleConsole(schemas, ({ organizationId, params, query }) =>
    deleteWebhookEndpoint({
      tenant: { organizationId, environment: query.environment },
      endpointId: params.id,
    }),
  ),
});
