import { handleConsole } from "@/lib/console/handle-console";
import { ZCreateKeyBody, ZEnvironmentQuery } from "@/lib/console/schemas";
import { createApiKey } from "@/lib/keys/create-key";
import { listApiKeys } from "@/lib/keys/list-keys";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/keys - the organization's keys in one environment
  GET: handleConsole({ query: ZEnvironmentQuery }, async ({ organizationId, query }) => ({
    data: await listApiKeys({ organizationId, environment: query.environment }),
  })),
  // POST /api/console/keys - create a key; the response is the only place its secret appears
  POST: handleConsole(
    { body: ZCreateKeyBody },
    ({ organizationId, body }) => createApiKey({ organizationId, ...body }),
    { status: 201 },
  ),
});
