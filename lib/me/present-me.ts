import type { TAuthContext } from "@/lib/auth/auth-context";
import { allScopes } from "@/lib/auth/scopes";
import { rateLimitTiers } from "@/lib/ratelimit/tiers";
import type { TMe } from "./schemas";

/** Who is calling, from the authenticated context alone: no database read. */
export function presentMe(auth: TAuthContext): TMe {
  const { credential } = auth;
  return {
    object: "me",
    organizationId: auth.organizationId,
    environment: auth.environment,
    credential:
      credential.kind === "api_key"
        ? { kind: "api_key", keyId: credential.keyId }
        : {
            kind: "agent_token",
            agentId: credential.agentId,
            tokenId: credential.tokenId,
            issuerKeyId: credential.issuerKeyId,
          },
    scopes: allScopes.filter((scope) => auth.scopes.has(scope)),
    plan: { tier: auth.plan, rateLimit: rateLimitTiers[auth.plan] },
  };
}
