import { readBodyText } from "@/lib/http/read-body";
import { grantTokens } from "@/lib/oauth/grant-tokens";
import { OAuthError } from "@/lib/oauth/oauth-error";
import { serveOAuth } from "@/lib/oauth/serve-oauth";
import { routeMethods } from "@/lib/pipeline/handle";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  {
    // POST /oauth/token - an authorization code and its PKCE verifier, or a refresh token, for
    // an access token and a refresh token
    POST: (request) =>
      serveOAuth(request, async () => {
        const type = request.headers.get("content-type") ?? "";
        if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
          throw new OAuthError(
            "invalid_request",
            "The body must be application/x-www-form-urlencoded.",
          );
        }
        return { body: await grantTokens(new URLSearchParams(await readBodyText(request))) };
      }),
  },
  { anyOrigin: true },
);
