import { tenantOf } from "@/lib/auth/tenant";
import { createNegotiation } from "@/lib/negotiations/create-negotiation";
import { listNegotiations } from "@/lib/negotiations/list-negotiations";
import {
  createNegotiationOperation,
  listNegotiationsOperation,
} from "@/lib/negotiations/operations";
import { handle, routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/negotiations - list negotiations
  GET: handle(listNegotiationsOperation, ({ auth, query }) =>
    listNegotiations({ tenant: tenantOf(auth), query }),
  ),
  // POST /v1/negotiations - open a negotiation
  POST: handle(createNegotiationOperation, ({ auth, body }) =>
    createNegotiation({ auth, input: body }),
  ),
});
