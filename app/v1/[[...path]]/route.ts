import { ApiError } from "@/lib/http/api-error";
import { rejectRequest } from "@/lib/pipeline/handle";

// Any path under /v1 that no route matches: the error envelope, never Next's HTML page.
async function unknownRoute(request: Request) {
  const { pathname } = new URL(request.url);
  return rejectRequest(
    request,
    new ApiError({
      code: "not_found",
      message: `No API route ${request.method} ${pathname}. See /docs/api for the routes.`,
    }),
  );
}

export {
  unknownRoute as DELETE,
  unknownRoute as GET,
  unknownRoute as OPTIONS,
  unknownRoute as PATCH,
  unknownRoute as POST,
  unknownRoute as PUT,
};
