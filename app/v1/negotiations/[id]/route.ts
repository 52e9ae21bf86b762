import { tenantOf } from "@/lib/auth/tenant";
import { requireActingAgentAmong } from "@/lib/http/authorize";
import { getNegotiationOrThrow } from "@/lib/negotiations/get-negotiation";
import { getNegotiationOperation } from "@/lib/negotiations/operations";
import { presentNegotiation } from "@/lib/negotiations/present-negotiation";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/negotiations/:id - retrieve a negotiation
  GET: handle(getNegotiationOperation, async ({ auth, params }) => {
    const row = await getNegotiationOrThrow({ tenant: tenantOf(auth), negotiationId: params.id });
    requireActingAgentAmong(
      auth,
      [row.initiatorAgentId, ...row.responderAgentIds],
      "a party to this negotiation",
    );
    return presentNegotiation(row);
  }),
});
