import { readBodyText } from "@/lib/http/read-body";
import { exchangeCode } from "@/lib/oauth/exchange-code";
import { OAuthError } from "@/lib/oauth/oauth-error";
import { serveOAuth } from "@/lib/oauth/serve-oauth";
import { routeMethods } from "@/lib/pipeline/handle";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  {
    // POST /oauth/token - an authorization code and its PKCE verifier for an access token
    POST: (request) =>
      serveOAuth(request, async () => {
        const type = request.headers.get("content-type") ?? "";
        if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
          throw new OAuthError(
            "invalid_request",
            "The body must be application/x-www-form-urlencoded.",
          );
        }
        return { body: await exchangeCode(new URLSearchParams(await readBodyText(request))) };
      }),
  },
  { anyOrigin: true },
);
