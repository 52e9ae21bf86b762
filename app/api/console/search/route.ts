import { findById } from "@/lib/console/find-by-id";
import { handleConsole } from "@/lib/console/handle-console";
import { ZConsoleSearchQuery } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/search?q=stl-3kD - ids of the environment that start with q, with their pages
  GET: handleConsole({ query: ZConsoleSearchQuery }, async ({ organizationId, query }) => ({
    data: await findById({ organizationId, environment: query.environment }, query.q),
  })),
});
