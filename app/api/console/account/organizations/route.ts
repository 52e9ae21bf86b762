import { createOwnOrganization, listOwnOrganizations } from "@/lib/account/organizations";
import { handleConsole } from "@/lib/console/handle-console";
import { routeMethods } from "@/lib/pipeline/handle";
import { ZCreateOrganizationBody } from "@/lib/users/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/account/organizations - the organizations the signed-in account belongs to
  GET: handleConsole({}, async ({ member }) => listOwnOrganizations(member)),
  // POST /api/console/account/organizations - create an organization and work in it
  POST: handleConsole(
    { body: ZCreateOrganizationBody },
    ({ member, body, requestId }) => createOwnOrganization({ member, name: body.name, requestId }),
    // Audited in the new organization, by the handler.
    { status: 201, role: "viewer", readOnly: true },
  ),
});
