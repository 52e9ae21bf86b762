import { db } from "@/db/client";
import { oauthCodes } from "@/db/schema";
import { randomBase62 } from "@/lib/ids";
import { hashSecret } from "@/lib/keys/secret";
import type { TConsoleMember } from "@/lib/users/get-console-member";
import { redirectWith, type TAuthorizationRequest } from "./authorization-request";

/** How long an authorization code can be exchanged (RFC 6749 §4.1.2: at most 10 minutes). */
const CODE_LIFETIME_MS = 5 * 60_000;

/**
 * The member's answer on the consent screen, as the redirect that carries it to the client: a
 * single-use code for the member's organization, the request's environment and scopes, or
 * `access_denied`.
 */
export async function grantAuthorization({
  member,
  request,
  allow,
  issuer,
}: {
  member: TConsoleMember;
  request: TAuthorizationRequest;
  allow: boolean;
  issuer: string;
}): Promise<string> {
  if (!allow) {
    return redirectWith(
      request,
      { error: "access_denied", error_description: "The member declined the request." },
      issuer,
    );
  }
  const code = randomBase62(43);
  await db.insert(oauthCodes).values({
    hash: hashSecret(code),
    clientId: request.client.id,
    userId: member.user.id,
    organizationId: member.organization.id,
    environment: request.environment,
    scopes: request.scopes,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    resource: request.resource,
    expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
  });
  return redirectWith(request, { code }, issuer);
}
