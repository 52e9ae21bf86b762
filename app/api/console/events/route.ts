import { handleConsole } from "@/lib/console/handle-console";
import { ZConsoleEventsQuery } from "@/lib/console/schemas";
import { listEvents } from "@/lib/events/list-events";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/events - the environment's events, by type or object when asked
  GET: handleConsole({ query: ZConsoleEventsQuery }, ({ organizationId, query }) => {
    const { environment, ...filters } = query;
    return listEvents({ tenant: { organizationId, environment }, query: filters });
  }),
});
