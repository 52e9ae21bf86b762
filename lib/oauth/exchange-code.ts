import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { oauthClients, oauthCodes } from "@/db/schema";
import type { TScope } from "@/lib/auth/scopes";
import { createApiKey } from "@/lib/keys/create-key";
import { revokeApiKey } from "@/lib/keys/revoke-key";
import { hashSecret } from "@/lib/keys/secret";
import { OAuthError } from "./oauth-error";
import { issueRefreshToken, newRefreshFamily } from "./refresh-tokens";
import { ACCESS_TOKEN_LIFETIME_S, tokenField } from "./token-fields";

const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

/**
 * The token endpoint's authorization_code grant (RFC 6749 §4.1.3 with PKCE, RFC 7636): the code
 * is exchanged once, by the client it was granted to, with the same redirect URI and the
 * verifier of its challenge, for an access token: an API key of the member's organization in
 * the granted environment and scopes, expiring in 30 days, listed and revocable on the
 * console's keys page; and a refresh token for the next one (refresh-tokens.ts). A code
 * presented again revokes the key its first exchange issued.
 */
export async function exchangeCode(form: URLSearchParams) {
  const code = tokenField(form, "code");
  const clientId = tokenField(form, "client_id");
  const redirectUri = tokenField(form, "redirect_uri");
  const verifier = tokenField(form, "code_verifier");
  if (!PKCE_VERIFIER.test(verifier)) {
    throw new OAuthError(
      "invalid_request",
      "code_verifier must be 43 to 128 unreserved characters.",
    );
  }
  const resource = form.has("resource") ? tokenField(form, "resource") : undefined;
  const invalidGrant = (why: string) => new OAuthError("invalid_grant", why);

  const outcome = await db.transaction(async (tx) => {
    const [grant] = await tx
      .select()
      .from(oauthCodes)
      .where(eq(oauthCodes.hash, hashSecret(code)))
      .for("update");
    if (!grant) throw invalidGrant("The code is unknown.");
    if (grant.usedAt) return { kind: "replayed" as const, grant };
    if (grant.expiresAt.getTime() < Date.now()) throw invalidGrant("The code has expired.");
    if (grant.clientId !== clientId) throw invalidGrant("The code was granted to another client.");
    if (grant.redirectUri !== redirectUri)
      throw invalidGrant("redirect_uri is not the one the code was granted for.");
    if (s256(verifier) !== grant.codeChallenge)
      throw invalidGrant("code_verifier does not match the code_challenge.");
    if (resource !== undefined && resource !== grant.resource)
      throw new OAuthError("invalid_target", `The code was granted for ${grant.resource}.`);
    const [client] = await tx.select().from(oauthClients).where(eq(oauthClients.id, clientId));
    const issued = await createApiKey(
      {
        organizationId: grant.organizationId,
        environment: grant.environment,
        name: `MCP: ${client!.name}`,
        scopes: grant.scopes as TScope[],
        expiresAt: new Date(Date.now() + ACCESS_TOKEN_LIFETIME_S * 1000),
      },
      tx,
    );
    await tx
      .update(oauthCodes)
      .set({ usedAt: new Date(), apiKeyId: issued.key.id })
      .where(eq(oauthCodes.hash, grant.hash));
    const refreshToken = await issueRefreshToken(tx, {
      family: newRefreshFamily(),
      clientId,
      organizationId: grant.organizationId,
      environment: grant.environment,
      scopes: grant.scopes,
      resource: grant.resource,
      apiKeyId: issued.key.id,
    });
    return { kind: "issued" as const, issued, refreshToken, scopes: grant.scopes };
  });
  if (outcome.kind === "replayed") {
    const { grant } = outcome;
    if (grant.apiKeyId) {
      await revokeApiKey({ organizationId: grant.organizationId, keyId: grant.apiKeyId });
    }
    throw invalidGrant("The code was already used; the token it issued is revoked.");
  }
  return {
    access_token: outcome.issued.secret,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_LIFETIME_S,
    refresh_token: outcome.refreshToken,
    scope: outcome.scopes.join(" "),
  };
}
