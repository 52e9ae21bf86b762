import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { listWebhookDeliveries } from "@/lib/webhooks/delivery/list-deliveries";
import { listWebhookDeliveriesOperation } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/webhooks/:id/deliveries - the endpoint's delivery log
  GET: handle(listWebhookDeliveriesOperation, ({ auth, params, query }) =>
    listWebhookDeliveries({ tenant: tenantOf(auth), endpointId: params.id, query }),
  ),
});
