import { switchOrganization } from "@/lib/account/organizations";
import { handleConsole } from "@/lib/console/handle-console";
import { ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/account/organizations/:id/switch - work in another of the account's organizations
  POST: handleConsole(
    { params: ZIdParams },
    ({ member, params }) => switchOrganization({ member, organizationId: params.id }),
    // Changes this session only: not an organization's change to audit.
    { role: "viewer", readOnly: true },
  ),
});
