import { handleConsole } from "@/lib/console/handle-console";
import { ZDeliveryParams, ZEnvironmentQuery } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { retryWebhookDelivery } from "@/lib/webhooks/delivery/retry-delivery";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/webhooks/:id/deliveries/:deliveryId/retry - send a finished delivery again
  POST: handleConsole(
    { params: ZDeliveryParams, query: ZEnvironmentQuery },
    ({ organizationId, params, query }) =>
      retryWebhookDelivery({
        tenant: { organizationId, environment: query.environment },
        endpointId: params.id,
        deliveryId: params.deliveryId,
      }),
    { status: 202 },
  ),
});
