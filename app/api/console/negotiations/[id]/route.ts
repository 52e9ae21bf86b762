import { handleConsole } from "@/lib/console/handle-console";
import { ZEnvironmentQuery, ZIdParams } from "@/lib/console/schemas";
import { getNegotiationOrThrow } from "@/lib/negotiations/get-negotiation";
import { presentNegotiation } from "@/lib/negotiations/present-negotiation";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/negotiations/:id - one negotiation with its rounds
  GET: handleConsole(
    { params: ZIdParams, query: ZEnvironmentQuery },
    async ({ organizationId, params, query }) =>
      presentNegotiation(
        await getNegotiationOrThrow({
          tenant: { organizationId, environment: query.environment },
          negotiationId: params.id,
        }),
      ),
  ),
});
