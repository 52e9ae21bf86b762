import { isSameOrigin } from "@/lib/console/same-origin";
import { consoleMember } from "@/lib/console/session";
import { limitSignUp } from "@/lib/console/sign-in-limits";
import { ApiError } from "@/lib/http/api-error";
import { clientAddress } from "@/lib/http/client-address";
import { toApiError } from "@/lib/http/error-response";
import { readJsonBody } from "@/lib/http/read-body";
import { errorResponse, jsonResponse, publicOrigin } from "@/lib/http/respond";
import { newId } from "@/lib/ids";
import { routeMethods } from "@/lib/pipeline/handle";
import { acceptInvitation } from "@/lib/team/accept-invitation";
import { ZAcceptInvitationBody } from "@/lib/team/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/invitations/accept - join an organization through an invitation link
  POST: async (request) => {
    const requestId = newId("request");
    const headers = new Headers({ "Request-Id": requestId, "Cache-Control": "no-store" });
    try {
      if (!isSameOrigin(request)) {
        throw new ApiError({ code: "forbidden", message: "Accept from the invitation's page." });
      }
      const body = ZAcceptInvitationBody.parse((await readJsonBody(request)).value);
      // A new account costs a password hash, like a sign-up, so it shares sign-up's budget.
      if (body.account) await limitSignUp(clientAddress(request));
      const signedIn = body.account ? undefined : await consoleMember();
      const result = await acceptInvitation({
        token: body.token,
        account: body.account,
        signedInUserId: signedIn?.user.id,
        requestId,
      });
      return jsonResponse(result, 200, headers);
    } catch (error) {
      return errorResponse(toApiError(error, requestId), publicOrigin(request), headers);
    }
  },
});
