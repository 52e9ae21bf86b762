import { leaveOrganization } from "@/lib/account/organizations";
import { handleConsole } from "@/lib/console/handle-console";
import { ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/account/organizations/:id/leave - leave one of the account's organizations
  POST: handleConsole(
    { params: ZIdParams },
    ({ member, params, requestId }) =>
      leaveOrganization({ member, organizationId: params.id, requestId }),
    // Audited in the organization left, by the handler.
    { role: "viewer", readOnly: true },
  ),
});
