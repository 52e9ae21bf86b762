import { pagePost } from "@/lib/console/page-post";
import { consoleMember } from "@/lib/console/session";
import { ApiError } from "@/lib/http/api-error";
import { readJsonBody } from "@/lib/http/read-body";
import { routeMethods } from "@/lib/pipeline/handle";
import { findInvitation } from "@/lib/team/find-invitation";
import { ZLookupInvitationBody } from "@/lib/team/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/invitations/lookup - what an invitation link leads to, for its page. The token
  // travels in a body: links carry it in the fragment, which no server, log or Referer sees.
  POST: pagePost({
    refusal: "Open the invitation's page.",
    run: async (request) => {
      const { token } = ZLookupInvitationBody.parse((await readJsonBody(request)).value);
      const invitation = await findInvitation(token);
      if (!invitation) {
        throw new ApiError({
          code: "not_found",
          message:
            "This invitation link is not valid. Check that you copied all of it, or ask for a new one.",
        });
      }
      const member = await consoleMember();
      const signedInAs = member
        ? { email: member.user.email, organizationName: member.organization.name }
        : null;
      return { ...invitation, signedInAs };
    },
  }),
});
