import { ApiError } from "@/lib/http/api-error";
import { errorResponse, publicOrigin } from "@/lib/http/respond";
import { enforceRateLimit } from "@/lib/pipeline/rate-limit";
import { OAuthError, oauthErrorResponse, oauthJson } from "./oauth-error";

/**
 * An OAuth endpoint that anyone may call (registration, token): rate limited per client
 * address like unauthenticated API requests, answered in OAuth's own JSON, its errors as
 * `{error, error_description}`. Transport problems (a body too large, the rate limit) keep the
 * API's error envelope.
 */
export async function serveOAuth(
  request: Request,
  answer: (context: { origin: string }) => Promise<{ body: unknown; status?: number }>,
): Promise<Response> {
  const headers = new Headers();
  const origin = publicOrigin(request);
  try {
    await enforceRateLimit({ request, auth: undefined, headers });
    const { body, status } = await answer({ origin });
    const response = oauthJson(body, status);
    for (const [name, value] of headers) response.headers.set(name, value);
    return response;
  } catch (error) {
    if (error instanceof OAuthError) return oauthErrorResponse(error);
    if (error instanceof ApiError) return errorResponse(error, origin, headers);
    throw error;
  }
}
