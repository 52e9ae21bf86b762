import { isSameOrigin } from "@/lib/console/same-origin";
import { limitSignUp } from "@/lib/console/sign-in-limits";
import { ApiError } from "@/lib/http/api-error";
import { clientAddress } from "@/lib/http/client-address";
import { toApiError } from "@/lib/http/error-response";
import { readJsonBody } from "@/lib/http/read-body";
import { errorResponse, jsonResponse, publicOrigin } from "@/lib/http/respond";
import { newId } from "@/lib/ids";
import { routeMethods } from "@/lib/pipeline/handle";
import { ZSignUpBody } from "@/lib/users/schemas";
import { signUp } from "@/lib/users/sign-up";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /api/sign-up - create an account and its organization (the page then signs in)
  POST: async (request) => {
    const headers = new Headers({ "Request-Id": newId("request"), "Cache-Control": "no-store" });
    try {
      if (!isSameOrigin(request)) {
        throw new ApiError({ code: "forbidden", message: "Sign up from the console's own page." });
      }
      await limitSignUp(clientAddress(request));
      const body = ZSignUpBody.parse((await readJsonBody(request)).value);
      const { user, organization } = await signUp(body);
      const result = {
        user: { id: user.id, email: user.email, name: user.name },
        organization: { id: organization.id, name: organization.name, plan: organization.plan },
      };
      return jsonResponse(result, 201, headers);
    } catch (error) {
      return errorResponse(
        toApiError(error, headers.get("Request-Id")!),
        publicOrigin(request),
        headers,
      );
    }
  },
});
