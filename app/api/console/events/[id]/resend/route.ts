import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { resendEvent, ZResendEventBody } from "@/lib/webhooks/delivery/resend-event";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/events/:id/resend - send the event again to one subscribed endpoint
  POST: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery, body: ZResendEventBody },
    ({ organizationId, params, query, body }) =>
      resendEvent({
        tenant: { organizationId, environment: query.environment },
        eventId: params.id,
        webhookId: body.webhookId,
      }),
    { action: "event.resend" },
  ),
});
