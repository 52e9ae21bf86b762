import { tenantOf } from "@/lib/auth/tenant";
import { listEvents } from "@/lib/events/list-events";
import { listEventsOperation } from "@/lib/events/operations";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/events - the events of the last 30 days
  GET: handle(listEventsOperation, ({ auth, query }) =>
    listEvents({ tenant: tenantOf(auth), query }),
  ),
});
