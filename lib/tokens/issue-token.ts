import { and, eq, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { agents } from "@/db/schema";
import type { TAuthContext } from "@/lib/auth/auth-context";
import type { TScope } from "@/lib/auth/scopes";
import { ApiError, notFound } from "@/lib/http/api-error";
import { newId } from "@/lib/ids";
import { tokenAudience } from "./audience";
import type { TAgentToken, TIssueTokenBody } from "./schemas";
import { signTokenClaims } from "./sign-token";
import { DEFAULT_TOKEN_TTL_SECONDS } from "./token-config";

/** Issues a JWT acting as one of the key's agents, with a subset of the key's scopes. */
export async function issueAgentToken({
  auth,
  origin,
  input,
}: {
  auth: TAuthContext;
  origin: string;
  input: TIssueTokenBody;
}): Promise<TAgentToken> {
  const scopes = [...new Set(input.scopes)] as TScope[];
  const outside = scopes.filter((scope) => !auth.scopes.has(scope));
  if (outside.length > 0) {
    throw new ApiError({
      code: "forbidden",
      message: `The API key lacks ${outside.map((scope) => `'${scope}'`).join(", ")}; a token can only carry the key's own scopes.`,
      param: "scopes",
    });
  }
  const [agent] = await db
    .select({ id: agents.id, tokenGeneration: agents.tokenGeneration })
    .from(agents)
    .where(
      and(
        eq(agents.id, input.agent_id),
        eq(agents.organizationId, auth.organizationId),
        eq(agents.environment, auth.environment),
        isNull(agents.deletedAt),
      ),
    );
  if (!agent) throw notFound("agent", input.agent_id);

  const ttlSeconds = input.ttlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const token = await signTokenClaims({
    org: auth.organizationId,
    env: auth.environment,
    scope: scopes.join(" "),
    // The issuing key: revoking it, or the end of its roll overlap, ends its tokens too.
    ...(auth.credential.kind === "api_key" ? { key: auth.credential.keyId } : {}),
    // Revoking all of the agent's tokens moves its generation on and ends this one.
    gen: agent.tokenGeneration,
    iss: origin,
    sub: agent.id,
    aud: tokenAudience(origin, auth.environment),
    jti: newId("token"),
    iat: issuedAt,
    exp: expiresAt,
  });
  return {
    token,
    tokenType: "Bearer",
    agentId: agent.id,
    scopes,
    expiresIn: ttlSeconds,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
  };
}
