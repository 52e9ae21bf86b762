import { gettingStarted } from "@/lib/console/getting-started";
import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery } from "@/lib/console/schemas";
import { listEvents } from "@/lib/events/list-events";
import { routeMethods } from "@/lib/pipeline/handle";
import { failingEndpoints } from "@/lib/webhooks/endpoints/failing-endpoints";

const recentEventCount = 8;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/overview - getting-started steps, failing webhook endpoints, latest events
  GET: handleConsole({ query: ZEnvironmentQuery }, async ({ organizationId, query }) => {
    const tenant = { organizationId, environment: query.environment };
    const [steps, failing, events] = await Promise.all([
      gettingStarted(tenant),
      failingEndpoints({ tenant }),
      listEvents({ tenant, query: { limit: recentEventCount } }),
    ]);
    return { gettingStarted: steps, failingWebhooks: failing, recentEvents: events.data };
  }),
});
