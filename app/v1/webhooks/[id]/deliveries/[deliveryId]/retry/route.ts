import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { retryWebhookDelivery } from "@/lib/webhooks/delivery/retry-delivery";
import { retryWebhookDeliveryOperation } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/webhooks/:id/deliveries/:deliveryId/retry - send a finished delivery again
  POST: handle(retryWebhookDeliveryOperation, ({ auth, params }) =>
    retryWebhookDelivery({
      tenant: tenantOf(auth),
      endpointId: params.id,
      deliveryId: params.deliveryId,
    }),
  ),
});
