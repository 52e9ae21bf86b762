import type { TAuthContext } from "@/lib/auth/auth-context";
import { isScope } from "@/lib/auth/scopes";
import type { TEnvironment } from "@/lib/environment";
import { ApiError } from "@/lib/http/api-error";
import { loadTokenSubject } from "./token-subject";
import { verifyAgentToken } from "./verify-token";

/** An agent token as a credential: the token's agent, organization and scopes, the org's plan. */
export async function authenticateAgentToken({
  token,
  origin,
  environment,
}: {
  token: string;
  origin: string;
  environment: TEnvironment;
}): Promise<TAuthContext> {
  const claims = await verifyAgentToken({ token, origin, environment });
  const subject = await loadTokenSubject(claims);
  if (!subject?.agentActive) {
    throw new ApiError({
      code: "unauthorized",
      message: "The agent this token acts as no longer exists.",
    });
  }
  if (subject.revoked) {
    throw new ApiError({
      code: "unauthorized",
      message:
        subject.revoked === "key"
          ? "The API key that issued this agent token was revoked or rolled; issue a new token."
          : "This agent token was revoked.",
    });
  }
  return {
    organizationId: claims.organizationId,
    environment: claims.environment,
    plan: subject.plan,
    scopes: new Set(claims.scope.split(" ").filter(isScope)),
    credential: {
      kind: "jwt",
      agentId: claims.agentId,
      tokenId: claims.tokenId,
      issuerKeyId: claims.keyId ?? null,
    },
  };
}
