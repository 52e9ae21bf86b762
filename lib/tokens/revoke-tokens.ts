import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { agents, agentTokenRevocations } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { notFound } from "@/lib/http/api-error";
import { newId } from "@/lib/ids";
import type { TRevokeTokensBody, TTokenRevocation } from "./schemas";
import { MAX_TOKEN_TTL_SECONDS } from "./token-config";
import { forgetTokenSubjects } from "./token-subject";

/** Revokes one agent token, or every token an agent of the tenant holds so far. */
export async function revokeAgentTokens({
  tenant,
  input,
}: {
  tenant: TTenant;
  input: TRevokeTokensBody;
}): Promise<TTokenRevocation> {
  const revokedAt = new Date();
  await db.transaction(async (tx) => {
    if (input.agentId) {
      // Tokens issued from now on carry the new generation; every older one is refused.
      const [agent] = await tx
        .update(agents)
        .set({ tokenGeneration: sql`${agents.tokenGeneration} + 1` })
        .where(
          and(
            eq(agents.id, input.agentId),
            eq(agents.organizationId, tenant.organizationId),
            eq(agents.environment, tenant.environment),
            isNull(agents.deletedAt),
          ),
        )
        .returning({ id: agents.id });
      if (!agent) throw notFound("agent", input.agentId);
    }
    await tx.insert(agentTokenRevocations).values({
      id: newId("tokenRevocation"),
      organizationId: tenant.organizationId,
      environment: tenant.environment,
      tokenId: input.jti ?? null,
      agentId: input.agentId ?? null,
      revokedAt,
      // Every token this can refuse has expired by then.
      expiresAt: new Date(revokedAt.getTime() + MAX_TOKEN_TTL_SECONDS * 1_000),
    });
  });
  forgetTokenSubjects(tenant.organizationId);
  return {
    revoked: true,
    jti: input.jti ?? null,
    agentId: input.agentId ?? null,
    revokedAt: revokedAt.toISOString(),
  };
}
