import { handleConsole } from "@/lib/console/handle-console";
import { routeMethods } from "@/lib/pipeline/handle";
import { createInvitation } from "@/lib/team/create-invitation";
import { listPendingInvitations } from "@/lib/team/list-invitations";
import { mailInvitation } from "@/lib/team/mail-invitation";
import { ZCreateInvitationBody } from "@/lib/team/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /api/console/team/invitations - invitations that can still be accepted
  GET: handleConsole({}, async ({ organizationId }) => ({
    data: await listPendingInvitations({ organizationId }),
  })),
  // POST /api/console/team/invitations - invite an email with a role; the link is mailed to them
  // and shown once
  POST: handleConsole(
    { body: ZCreateInvitationBody },
    async ({ organizationId, member, origin, body }) => {
      const { invitation, token } = await createInvitation({
        organizationId,
        invitedBy: member.user,
        ...body,
      });
      // The token in the fragment: browsers send it to no server, log or Referer.
      const url = `${origin}/invitations#${token}`;
      const mail = await mailInvitation({
        to: invitation.email,
        url,
        organization: member.organization.name,
        invitedBy: member.user.name ?? member.user.email,
        role: invitation.role,
        expiresAt: invitation.expiresAt,
      });
      return { invitation, url, mail };
    },
    { status: 201, role: "owner", action: "invitation.create" },
  ),
});
