import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { listDeliveryAttempts } from "@/lib/webhooks/delivery/list-attempts";
import { listWebhookDeliveryAttemptsOperation } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/webhooks/:id/deliveries/:deliveryId/attempts - every attempt with its request and answer
  GET: handle(listWebhookDeliveryAttemptsOperation, ({ auth, params }) =>
    listDeliveryAttempts({
      tenant: tenantOf(auth),
      endpointId: params.id,
      deliveryId: params.deliveryId,
    }),
  ),
});
