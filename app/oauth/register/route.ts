import { readBodyText } from "@/lib/http/read-body";
import { OAuthError } from "@/lib/oauth/oauth-error";
import { registerClient } from "@/lib/oauth/register-client";
import { serveOAuth } from "@/lib/oauth/serve-oauth";
import { routeMethods } from "@/lib/pipeline/handle";

export const dynamic = "force-dynamic";

const readJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    throw new OAuthError("invalid_client_metadata", "The body must be a JSON object.");
  }
};

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  {
    // POST /oauth/register - RFC 7591 dynamic registration of a public client (no secret)
    POST: (request) =>
      serveOAuth(request, async () => ({
        body: await registerClient(readJson(await readBodyText(request))),
        status: 201,
      })),
  },
  { anyOrigin: true },
);
