import { handleConsole } from "@/lib/console/handle-console";
import { ZDeliveryParams, ZEnvironmentQuery } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { listDeliveryAttempts } from "@/lib/webhooks/delivery/list-attempts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/webhooks/:id/deliveries/:deliveryId/attempts - each attempt's request and answer
  GET: handleConsole(
    { params: ZDeliveryParams, query: ZEnvironmentQuery },
    ({ organizationId, params, query }) =>
      listDeliveryAttempts({
        tenant: { organizationId, environment: query.environment },
        endpointId: params.id,
        deliveryId: params.deliveryId,
      }),
  ),
});
