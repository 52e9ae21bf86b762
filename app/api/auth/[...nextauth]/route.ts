import { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/console/auth-options";
import { toApiError } from "@/lib/http/error-response";
import { readBodyText } from "@/lib/http/read-body";
import { errorResponse, publicOrigin } from "@/lib/http/respond";
import { newId } from "@/lib/ids";

type TContext = { params: Promise<{ nextauth: string[] }> };

/**
 * next-auth's routes, behind the same body limit and error envelope as the API: the body is read
 * (at most 1 MiB) before next-auth sees it, so an oversized post is refused without buffering it.
 * next-auth 4.24 awaits `params` and the async `headers()`/`cookies()` of Next.js 15+.
 */
async function auth(request: NextRequest, context: TContext): Promise<Response> {
  const requestId = newId("request");
  try {
    const forwarded =
      request.method === "POST"
        ? new NextRequest(request.url, {
            method: "POST",
            headers: request.headers,
            body: await readBodyText(request),
          })
        : request;
    return await NextAuth(forwarded, context, await authOptions());
  } catch (error) {
    const headers = new Headers({ "Request-Id": requestId, "Cache-Control": "no-store" });
    return errorResponse(toApiError(error, requestId), publicOrigin(request), headers);
  }
}

export { auth as GET, auth as POST };
