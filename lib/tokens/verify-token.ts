import { errors, type JWTPayload, jwtVerify } from "jose";
import { environments, type TEnvironment } from "@/lib/environment";
import { ApiError } from "@/lib/http/api-error";
import { tokenAudience } from "./audience";
import { publishedKey } from "./published-keys";
import { TOKEN_ALGORITHM } from "./token-config";

export type TVerifiedToken = {
  tokenId: string;
  agentId: string;
  organizationId: string;
  environment: TEnvironment;
  scope: string;
  /** The API key that issued the token. */
  keyId?: string;
  /** The agent's token generation it was issued in; 0 for tokens issued before `gen` existed. */
  generation: number;
};

const unauthorized = (message: string) => new ApiError({ code: "unauthorized", message });

export const looksLikeJwt = (credential: string) =>
  /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(credential);

function explain(error: unknown, audience: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof errors.JWTExpired) return unauthorized("The agent token has expired.");
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === "aud") {
    return unauthorized(`The agent token is not for this base address (${audience}).`);
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return unauthorized(`Agent tokens are signed with ${TOKEN_ALGORITHM} only.`);
  }
  if (error instanceof errors.JOSEError) return unauthorized("The agent token is not valid.");
  throw error;
}

function claimsOf(payload: JWTPayload): TVerifiedToken {
  const { jti, sub, org, env, scope, key, gen } = payload;
  const environment = environments.find((candidate) => candidate === env);
  if (
    typeof jti !== "string" ||
    typeof sub !== "string" ||
    typeof org !== "string" ||
    typeof scope !== "string" ||
    (key !== undefined && typeof key !== "string") ||
    (gen !== undefined && !Number.isSafeInteger(gen)) ||
    !environment
  ) {
    throw unauthorized("The agent token lacks required claims.");
  }
  return {
    tokenId: jti,
    agentId: sub,
    organizationId: org,
    environment,
    scope,
    keyId: key,
    generation: (gen as number | undefined) ?? 0,
  };
}

/**
 * Verifies an agent token against the published keys: RS256 only (so neither `none` nor an HMAC
 * keyed with the public key passes), a known `kid`, this environment's audience, not expired.
 */
export async function verifyAgentToken({
  token,
  origin,
  environment,
}: {
  token: string;
  origin: string;
  environment: TEnvironment;
}): Promise<TVerifiedToken> {
  const audience = tokenAudience(origin, environment);
  try {
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        const key = header.kid ? await publishedKey(header.kid) : undefined;
        if (!key) throw unauthorized("The agent token was signed with an unknown key.");
        return key.key;
      },
      {
        algorithms: [TOKEN_ALGORITHM],
        issuer: origin,
        audience,
        requiredClaims: ["jti", "sub", "iat", "exp"],
      },
    );
    const claims = claimsOf(payload);
    if (claims.environment !== environment) {
      throw unauthorized(`The agent token is not for this base address (${audience}).`);
    }
    return claims;
  } catch (error) {
    throw explain(error, audience);
  }
}
