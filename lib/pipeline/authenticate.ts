import type { TAuthContext } from "@/lib/auth/auth-context";
import type { TEnvironment } from "@/lib/environment";
import { ApiError } from "@/lib/http/api-error";
import { authenticateApiKey } from "@/lib/keys/authenticate-key";
import { looksLikeApiKey } from "@/lib/keys/secret";
import { authenticateAgentToken } from "@/lib/tokens/authenticate-token";
import { looksLikeJwt } from "@/lib/tokens/verify-token";

const missing = () =>
  new ApiError({
    code: "unauthorized",
    message:
      "Send your API key as 'Authorization: Bearer sk_test_…' (sandbox) or 'sk_live_…' (production), or an agent token from POST /v1/auth/token.",
  });

export function bearerCredential(request: Request): string {
  const header = request.headers.get("authorization");
  if (!header) throw missing();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw missing();
  return match[1];
}

/** The caller behind the bearer credential: an API key, or an agent token acting as its agent. */
export async function authenticate({
  request,
  environment,
  origin,
}: {
  request: Request;
  environment: TEnvironment;
  origin: string;
}): Promise<TAuthContext> {
  const credential = bearerCredential(request);
  if (looksLikeApiKey(credential)) return authenticateApiKey(credential, environment);
  if (looksLikeJwt(credential)) {
    return authenticateAgentToken({ token: credential, origin, environment });
  }
  throw new ApiError({
    code: "unauthorized",
    message: "The bearer credential is neither an API key nor an agent token.",
  });
}
