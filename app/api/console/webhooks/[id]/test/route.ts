import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { testWebhookEndpoint } from "@/lib/webhooks/delivery/test-endpoint";
import { ZTestWebhookBody } from "@/lib/webhooks/endpoints/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/webhooks/:id/test - send a signed sample event now and report the answer
  POST: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery, body: ZTestWebhookBody },
    ({ organizationId, params, query, body }) =>
      testWebhookEndpoint({
        tenant: { organizationId, environment: query.environment },
        endpointId: params.id,
        eventType: body.eventType,
      }),
  ),
});
