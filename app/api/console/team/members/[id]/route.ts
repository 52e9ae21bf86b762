import { handleConsole } from "@/lib/console/handle-console";
import { ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { changeMemberRole } from "@/lib/team/change-member-role";
import { removeMember } from "@/lib/team/remove-member";
import { ZChangeRoleBody } from "@/lib/team/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // PATCH /api/console/team/members/:id - give a member another role (owners only)
  PATCH: handleConsole(
    { params: ZIdParams, body: ZChangeRoleBody },
    ({ organizationId, params, body }) =>
      changeMemberRole({ organizationId, userId: params.id, role: body.role }),
    { role: "owner", action: "member.role_change" },
  ),
  // DELETE /api/console/team/members/:id - remove a member and their account (owners only)
  DELETE: handleConsole(
    { params: ZIdParams },
    ({ organizationId, params }) => removeMember({ organizationId, userId: params.id }),
    { role: "owner", action: "member.remove" },
  ),
});
