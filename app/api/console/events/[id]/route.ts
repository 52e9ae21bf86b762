import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { getEventOrThrow } from "@/lib/events/get-event";
import { presentEvent } from "@/lib/events/present-event";
import { routeMethods } from "@/lib/pipeline/handle";
import { listEventDeliveries } from "@/lib/webhooks/delivery/list-event-deliveries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/events/:id - one event with the webhook deliveries it caused
  GET: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery },
    async ({ organizationId, params, query }) => {
      const tenant = { organizationId, environment: query.environment };
      const event = presentEvent(await getEventOrThrow({ tenant, eventId: params.id }));
      return { event, deliveries: await listEventDeliveries({ tenant, eventId: event.id }) };
    },
  ),
});
