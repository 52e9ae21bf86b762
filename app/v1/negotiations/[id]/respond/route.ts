import { respondToNegotiationOperation } from "@/lib/negotiations/operations";
import { respondToNegotiation } from "@/lib/negotiations/respond-to-negotiation";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/negotiations/:id/respond - accept, reject, counter or cancel
  POST: handle(respondToNegotiationOperation, ({ auth, params, body }) =>
    respondToNegotiation({ auth, negotiationId: params.id, input: body }),
  ),
});
