import { after } from "next/server";
import { db } from "@/db/client";
import { switchConsoleSession } from "@/lib/account/console-sessions";
import { mailVerificationLink } from "@/lib/account/email-verification";
import { pagePost } from "@/lib/console/page-post";
import { consoleMember } from "@/lib/console/session";
import { limitPageRequest } from "@/lib/console/sign-in-limits";
import { clientAddress } from "@/lib/http/client-address";
import { readJsonBody } from "@/lib/http/read-body";
import { publicOrigin } from "@/lib/http/respond";
import { log } from "@/lib/observability/logger";
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
      const accepted = await acceptInvitation({
        token: body.token,
        account: body.account,
        signedInUserId: signedIn?.user.id,
        requestId,
      });
      // The signed-in account works in the organization it joined from now on.
      if (signedIn) {
        await switchConsoleSession(db, {
          sessionId: signedIn.sessionId,
          organizationId: accepted.organizationId,
        });
      }
      // A new account verifies its email like one that signed up: the invitation's link may
      // have reached someone other than the invitee (its inviter sees it too).
      if (body.account) {
        const origin = publicOrigin(request);
        after(() =>
          mailVerificationLink({ userId: accepted.user.id, origin }).catch((err) =>
            log.error({ err, requestId }, "invitation: the verification link could not be mailed"),
          ),
        );
      }
      return accepted;
    },
  }),
});
