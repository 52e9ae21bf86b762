import { handleConsole } from "@/lib/console/handle-console";
import { ZConsoleFailedDeliveriesQuery, ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import {
  countFailedDeliveries,
  retryFailedDeliveries,
} from "@/lib/webhooks/delivery/retry-failed-deliveries";
import { ZRetryFailedDeliveriesBody } from "@/lib/webhooks/endpoints/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/webhooks/:id/retry-failed - how many failed deliveries since a time a retry would send
  GET: handleConsole(
    { params: ZIdParams, query: ZConsoleFailedDeliveriesQuery },
    ({ organizationId, params, query }) =>
      countFailedDeliveries({
        tenant: { organizationId, environment: query.environment },
        endpointId: params.id,
        since: new Date(query.since),
      }),
  ),
  // POST /api/console/webhooks/:id/retry-failed - send every failed delivery since a time again
  POST: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery, body: ZRetryFailedDeliveriesBody },
    ({ organizationId, params, query, body }) =>
      retryFailedDeliveries({
        tenant: { organizationId, environment: query.environment },
        endpointId: params.id,
        since: new Date(body.since),
      }),
    { status: 202 },
  ),
});
