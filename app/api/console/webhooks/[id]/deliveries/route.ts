import { handleConsole } from "@/lib/console/handle-console";
import { ZConsoleDeliveriesQuery, ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { listWebhookDeliveries } from "@/lib/webhooks/delivery/list-deliveries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/webhooks/:id/deliveries - the endpoint's delivery log
  GET: handleConsole(
    { params: ZIdParams, query: ZConsoleDeliveriesQuery },
    ({ organizationId, params, query }) => {
      const { environment, ...listQuery } = query;
      return listWebhookDeliveries({
        tenant: { organizationId, environment },
        endpointId: params.id,
        query: listQuery,
      });
    },
  ),
});
