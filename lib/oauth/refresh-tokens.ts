import { and, eq, isNull } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { apiKeys, oauthRefreshTokens } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { randomBase62 } from "@/lib/ids";
import { forgetKey } from "@/lib/keys/key-cache";
import { revokeApiKey } from "@/lib/keys/revoke-key";
import { rollKeyIn } from "@/lib/keys/roll-key";
import { hashSecret } from "@/lib/keys/secret";
import { OAuthError } from "./oauth-error";
import { ACCESS_TOKEN_LIFETIME_S, tokenField } from "./token-fields";

/** How long a refresh token works; then the member is asked again. */
const REFRESH_TOKEN_LIFETIME_S = 90 * 86_400;
/** How long a refreshed access token keeps working, for the requests already on their way. */
const REFRESH_OVERLAP_MS = 60_000;

type TRefreshGrant = {
  family: string;
  clientId: string;
  organizationId: string;
  environment: TEnvironment;
  scopes: string[];
  resource: string;
  apiKeyId: string;
};

/** Issues the refresh token that goes with a new access token, in the issuing transaction. */
export async function issueRefreshToken(tx: TExecutor, grant: TRefreshGrant): Promise<string> {
  const token = `rt_${randomBase62(43)}`;
  await tx.insert(oauthRefreshTokens).values({
    ...grant,
    hash: hashSecret(token),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_LIFETIME_S * 1000),
  });
  return token;
}

/** A new family for a consent's first refresh token. */
export const newRefreshFamily = () => randomBase62(22);

/** Ends a family: every refresh token used up, the access token it holds revoked. */
async function endFamily(family: string) {
  const tokens = await db
    .update(oauthRefreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oauthRefreshTokens.family, family), isNull(oauthRefreshTokens.usedAt)))
    .returning();
  for (const token of tokens) {
    await revokeApiKey({ organizationId: token.organizationId, keyId: token.apiKeyId });
  }
}

/**
 * The token endpoint's refresh_token grant (RFC 6749 §6): the refresh token is used once, by
 * the client it was issued to, for a new access token (the same key, rolled: a new secret for
 * 30 days, the old one working a minute more) and the next refresh token. Refused when the
 * access was revoked or rolled on the console's keys page. A used refresh token presented again
 * ends its family: whoever holds the newer one loses it too.
 */
export async function refreshAccess(form: URLSearchParams) {
  const presented = tokenField(form, "refresh_token");
  const clientId = tokenField(form, "client_id");
  const resource = form.has("resource") ? tokenField(form, "resource") : undefined;
  const invalidGrant = (why: string) => new OAuthError("invalid_grant", why);

  const outcome = await db.transaction(async (tx) => {
    const [grant] = await tx
      .select()
      .from(oauthRefreshTokens)
      .where(eq(oauthRefreshTokens.hash, hashSecret(presented)))
      .for("update");
    if (!grant) throw invalidGrant("The refresh token is unknown.");
    if (grant.usedAt) return { kind: "reused" as const, family: grant.family };
    if (grant.expiresAt.getTime() < Date.now()) throw invalidGrant("The refresh token expired.");
    if (grant.clientId !== clientId) {
      throw invalidGrant("The refresh token was issued to another client.");
    }
    if (resource !== undefined && resource !== grant.resource) {
      throw new OAuthError("invalid_target", `The refresh token is for ${grant.resource}.`);
    }
    const requested = form.has("scope") ? tokenField(form, "scope").split(" ") : grant.scopes;
    if (requested.some((scope) => !grant.scopes.includes(scope))) {
      throw new OAuthError("invalid_scope", `Only ${grant.scopes.join(" ")} were granted.`);
    }
    const [key] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, grant.apiKeyId), eq(apiKeys.organizationId, grant.organizationId)))
      .for("update");
    if (!key || key.revokedAt || key.replacedById) {
      return { kind: "withdrawn" as const, family: grant.family };
    }
    const rolled = await rollKeyIn(tx, key, {
      overlapEnds: new Date(Date.now() + REFRESH_OVERLAP_MS),
      expiresAt: new Date(Date.now() + ACCESS_TOKEN_LIFETIME_S * 1000),
    });
    if (!rolled) return { kind: "withdrawn" as const, family: grant.family };
    await tx
      .update(oauthRefreshTokens)
      .set({ usedAt: new Date() })
      .where(eq(oauthRefreshTokens.hash, grant.hash));
    const refreshToken = await issueRefreshToken(tx, {
      family: grant.family,
      clientId: grant.clientId,
      organizationId: grant.organizationId,
      environment: grant.environment,
      scopes: grant.scopes,
      resource: grant.resource,
      apiKeyId: rolled.key.id,
    });
    return { kind: "issued" as const, rolled, refreshToken, previousKeyId: key.id };
  });
  if (outcome.kind === "reused") {
    await endFamily(outcome.family);
    throw invalidGrant("The refresh token was already used; the access it gave is revoked.");
  }
  if (outcome.kind === "withdrawn") {
    await endFamily(outcome.family);
    throw invalidGrant("The access was revoked or rolled on the console's keys page.");
  }
  forgetKey(outcome.previousKeyId);
  return {
    access_token: outcome.rolled.secret,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_LIFETIME_S,
    refresh_token: outcome.refreshToken,
    scope: outcome.rolled.key.scopes.join(" "),
  };
}
