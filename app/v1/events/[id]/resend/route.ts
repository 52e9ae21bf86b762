import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { resendEvent } from "@/lib/webhooks/delivery/resend-event";
import { resendEventOperation } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/events/:id/resend - send the event again to one subscribed endpoint
  POST: handle(resendEventOperation, ({ auth, params, body }) =>
    resendEvent({ tenant: tenantOf(auth), eventId: params.id, webhookId: body.webhookId }),
  ),
});
