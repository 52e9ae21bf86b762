import type { TAuthContext } from "@/lib/auth/auth-context";
import type { TEnvironment } from "@/lib/environment";
import { countRequest } from "@/lib/usage/tally";
import { authenticate } from "./authenticate";
import { enforceRateLimit } from "./rate-limit";

/**
 * Authenticates (when the operation needs a credential) and spends one request of the caller's
 * budget. A request that fails authentication is still counted, against its address.
 * Authenticated requests, served or refused, also count towards the organization's usage.
 */
export async function authenticateAndLimit({
  request,
  environment,
  origin,
  headers,
  mode,
  onAuthenticated,
}: {
  request: Request;
  environment: TEnvironment;
  origin: string;
  headers: Headers;
  /** required: authenticate or fail; optional: use a credential if one works; none: anonymous. */
  mode: "required" | "optional" | "none";
  /** Told who is calling as soon as it is known, so that a request the limiter refuses is still theirs. */
  onAuthenticated: (auth: TAuthContext) => void;
}): Promise<TAuthContext | undefined> {
  let auth: TAuthContext | undefined;
  if (mode !== "none" && (mode === "required" || request.headers.has("authorization"))) {
    try {
      auth = await authenticate({ request, environment, origin });
    } catch (error) {
      if (mode === "optional") auth = undefined;
      else {
        await enforceRateLimit({ request, auth: undefined, headers });
        throw error;
      }
    }
  }
  if (!auth) {
    await enforceRateLimit({ request, auth, headers });
    return auth;
  }
  onAuthenticated(auth);
  const tenant = { organizationId: auth.organizationId, environment: auth.environment };
  try {
    await enforceRateLimit({ request, auth, headers });
  } catch (error) {
    countRequest({ ...tenant, rateLimited: true });
    throw error;
  }
  countRequest({ ...tenant, rateLimited: false });
  return auth;
}
