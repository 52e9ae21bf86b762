import { tenantOf } from "@/lib/auth/tenant";
import { getEventOrThrow } from "@/lib/events/get-event";
import { getEventOperation } from "@/lib/events/operations";
import { presentEvent } from "@/lib/events/present-event";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/events/:id - retrieve an event
  GET: handle(getEventOperation, async ({ auth, params }) =>
    presentEvent(await getEventOrThrow({ tenant: tenantOf(auth), eventId: params.id })),
  ),
});
