import { ApiError } from "@/lib/http/api-error";
import { toApiError } from "@/lib/http/error-response";
import { errorResponse, jsonResponse, publicOrigin } from "@/lib/http/respond";
import { newId } from "@/lib/ids";
import { isSameOrigin } from "./same-origin";

/**
 * A POST that a signed-out console page sends (sign-up, invitations): refused unless it comes
 * from the console's own origin (`refusal` says where to send it from), answered with `status`,
 * never cached, and every failure in the error envelope with the request's Request-Id.
 */
export function pagePost({
  refusal,
  status = 200,
  run,
}: {
  refusal: string;
  status?: 200 | 201;
  run: (request: Request, requestId: string) => Promise<unknown>;
}) {
  return async (request: Request): Promise<Response> => {
    const requestId = newId("request");
    const headers = new Headers({ "Request-Id": requestId, "Cache-Control": "no-store" });
    try {
      if (!isSameOrigin(request)) throw new ApiError({ code: "forbidden", message: refusal });
      return jsonResponse(await run(request, requestId), status, headers);
    } catch (error) {
      return errorResponse(toApiError(error, requestId), publicOrigin(request), headers);
    }
  };
}
