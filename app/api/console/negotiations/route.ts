import { handleConsole } from "@/lib/console/handle-console";
import { ZConsoleNegotiationsQuery } from "@/lib/console/schemas";
import { listNegotiations } from "@/lib/negotiations/list-negotiations";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/negotiations - one page of the negotiations the organization is party to
  GET: handleConsole({ query: ZConsoleNegotiationsQuery }, ({ organizationId, query }) => {
    const { environment, ...listQuery } = query;
    return listNegotiations({ tenant: { organizationId, environment }, query: listQuery });
  }),
});
