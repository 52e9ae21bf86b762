import { handleConsole } from "@/lib/console/handle-console";
import { ZIdParams } from "@/lib/console/schemas";
import { routeMethods } from "@/lib/pipeline/handle";
import { revokeInvitation } from "@/lib/team/revoke-invitation";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/console/team/invitations/:id/revoke - the link stops working (owners only)
  POST: handleConsole(
    { params: ZIdParams },
    ({ organizationId, params }) => revokeInvitation({ organizationId, invitationId: params.id }),
    { role: "owner", action: "invitation.revoke" },
  ),
});
