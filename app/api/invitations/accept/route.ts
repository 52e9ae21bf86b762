import { pagePost } from "@/lib/console/page-post";
import { consoleMember } from "@/lib/console/session";
import { limitPageRequest } from "@/lib/console/sign-in-limits";
import { clientAddress } from "@/lib/http/client-address";
import { readJsonBody } from "@/lib/http/read-body";
import { routeMethods } from "@/lib/pipeline/handle";
import { acceptInvitation } from "@/lib/team/accept-invitation";
import { ZAcceptInvitationBody } from "@/lib/team/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/invitations/accept - join an organization through an invitation link
  POST: pagePost({
    refusal: "Accept from the invitation's page.",
    run: async (request, requestId) => {
      const body = ZAcceptInvitationBody.parse((await readJsonBody(request)).value);
      // A new account costs a password hash, like a sign-up, so it shares sign-up's budget.
      if (body.account) await limitPageRequest("sign-up", clientAddress(request));
      const signedIn = body.account ? undefined : await consoleMember();
      return acceptInvitation({
        token: body.token,
        account: body.account,
        signedInUserId: signedIn?.user.id,
        requestId,
      });
    },
  }),
});
