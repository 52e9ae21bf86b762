import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { testWebhookEndpoint } from "@/lib/webhooks/delivery/test-endpoint";
import { testWebhookOperation } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/webhooks/:id/test - send a signed test event synchronously
  POST: handle(testWebhookOperation, ({ auth, params, body }) =>
    testWebhookEndpoint({
      tenant: tenantOf(auth),
      endpointId: params.id,
      eventType: body.eventType,
    }),
  ),
});
