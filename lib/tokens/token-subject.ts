import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { agents, organizations } from "@/db/schema";
import type { Environment } from "@/lib/environment";
import type { PlanTier } from "@/lib/orgs/plans";

export type TokenSubject = { plan: PlanTier; agentActive: boolean };

const ttlMs = () => Number(process.env.API_KEY_CACHE_TTL_MS ?? 10_000);

const holder = globalThis as unknown as {
  __assTokenSubjects?: Map<string, { subject: TokenSubject; at: number }>;
};
holder.__assTokenSubjects ??= new Map();
const cache = holder.__assTokenSubjects;

/**
 * What a token's claims cannot say: the organization's current plan and whether its agent still
 * exists. Cached as briefly as API keys, so most token requests skip the database.
 */
export async function loadTokenSubject(claims: {
  organizationId: string;
  environment: Environment;
  agentId: string;
}): Promise<TokenSubject | undefined> {
  const cacheKey = `${claims.organizationId}:${claims.environment}:${claims.agentId}`;
  const entry = cache.get(cacheKey);
  if (entry && Date.now() - entry.at <= ttlMs()) return entry.subject;
  const [row] = await db
    .select({ plan: organizations.plan, agentId: agents.id, deletedAt: agents.deletedAt })
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
  const subject = { plan: row.plan, agentActive: row.agentId !== null && row.deletedAt === null };
  if (ttlMs() > 0) {
    if (cache.size > 10_000) cache.clear();
    cache.set(cacheKey, { subject, at: Date.now() });
  }
  return subject;
}
