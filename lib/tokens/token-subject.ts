import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { agents, agentTokenRevocations, apiKeys, organizations } from "@/db/schema";
import { credentialCache } from "@/lib/auth/credential-cache";
import type { TPlanTier } from "@/lib/orgs/plans";
import type { TVerifiedToken } from "./verify-token";

export type TTokenSubject = {
  plan: TPlanTier;
  agentActive: boolean;
  /** Why the token no longer counts although it verifies: its key or the token was revoked. */
  revoked?: "key" | "token";
};

const subjects = credentialCache<TTokenSubject>("__assTokenSubjects");

/**
 * Drops what this process remembers of the organization's tokens, after one of its keys, agents
 * or tokens is revoked; of every token when no organization is named.
 */
export const forgetTokenSubjects = (organizationId?: string): void =>
  subjects.forgetOrganization(organizationId);

/**
 * What a token's claims cannot say: the organization's current plan, whether its agent still
 * exists, and whether the token or the key that issued it was revoked since. Cached like API keys
 * (lib/auth/credential-cache.ts), so most token requests skip the database, and dropped on every
 * revocation in its organization.
 */
export async function loadTokenSubject(claims: TVerifiedToken): Promise<TTokenSubject | undefined> {
  const cacheKey = `${claims.organizationId}:${claims.environment}:${claims.tokenId}`;
  const cached = subjects.get(cacheKey);
  if (cached) return cached;
  const keyRevoked = claims.keyId
    ? sql<boolean>`exists (select 1 from ${apiKeys} where ${apiKeys.id} = ${claims.keyId}
        and (${apiKeys.revokedAt} is not null or ${apiKeys.expiresAt} <= now()))`
    : sql<boolean>`false`;
  const tokenRevoked = sql<boolean>`exists (select 1 from ${agentTokenRevocations}
    where ${agentTokenRevocations.organizationId} = ${claims.organizationId}
      and ${agentTokenRevocations.environment} = ${claims.environment}
      and ${agentTokenRevocations.tokenId} = ${claims.tokenId})`;
  const [row] = await db
    .select({
      plan: organizations.plan,
      agentId: agents.id,
      deletedAt: agents.deletedAt,
      tokenGeneration: agents.tokenGeneration,
      keyRevoked,
      tokenRevoked,
    })
    .from(organizations)
    .leftJoin(
      agents,
      and(
        eq(agents.id, claims.agentId),
        eq(agents.organizationId, organizations.id),
        eq(agents.environment, claims.environment),
      ),
    )
    .where(eq(organizations.id, claims.organizationId));
  if (!row) return undefined;
  const subject: TTokenSubject = {
    plan: row.plan,
    agentActive: row.agentId !== null && row.deletedAt === null,
    revoked: row.keyRevoked
      ? "key"
      : row.tokenRevoked || (row.tokenGeneration ?? 0) > claims.generation
        ? "token"
        : undefined,
  };
  subjects.set(cacheKey, subject, claims.organizationId);
  return subject;
}
