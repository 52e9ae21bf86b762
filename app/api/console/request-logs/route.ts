import { handleConsole } from "@/lib/console/handle-console";
import { ZConsoleRequestLogsQuery } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { listRequestLogs } from "@/lib/request-logs/list-request-logs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/request-logs - the environment's logged API requests, newest first
  GET: handleConsole({ query: ZConsoleRequestLogsQuery }, ({ organizationId, query }) => {
    const { environment, ...filters } = query;
    return listRequestLogs({ tenant: { organizationId, environment }, query: filters });
  }),
});
