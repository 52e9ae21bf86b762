import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { requireNegotiationInitiator } from "@/lib/settlements/acting-party";
import { createSettlement } from "@/lib/settlements/create-settlement";
import { listSettlements } from "@/lib/settlements/list-settlements";
import { createSettlementOperation, listSettlementsOperation } from "@/lib/settlements/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/settlements - list settlements
  GET: handle(listSettlementsOperation, ({ auth, query }) =>
    listSettlements({ tenant: tenantOf(auth), query }),
  ),
  // POST /v1/settlements - create the settlement of an accepted negotiation
  POST: handle(createSettlementOperation, async ({ auth, body }) => {
    await requireNegotiationInitiator(auth, body.negotiationId);
    return createSettlement({ tenant: tenantOf(auth), input: body });
  }),
});
