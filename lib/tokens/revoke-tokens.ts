import { and, eq, isNull } from "drizzle-orm";
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
  if (input.agentId) {
    const [agent] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(
        and(
          eq(agents.id, input.agentId),
          eq(agents.organizationId, tenant.organizationId),
          eq(agents.environment, tenant.environment),
          isNull(agents.deletedAt),
        ),
      );
    if (!agent) throw notFound("agent", input.agentId);
  }
  const revokedAt = new Date();
  await db.insert(agentTokenRevocations).values({
    id: newId("tokenRevocation"),
    organizationId: tenant.organizationId,
    environment: tenant.environment,
    tokenId: input.jti ?? null,
    agentId: input.agentId ?? null,
    revokedAt,
    // Every token this can refuse has expired by then.
    expiresAt: new Date(revokedAt.getTime() + MAX_TOKEN_TTL_SECONDS * 1_000),
  });
  forgetTokenSubjects();
  return {
    revoked: true,
    jti: input.jti ?? null,
    agentId: input.agentId ?? null,
    revokedAt: revokedAt.toISOString(),
  };
}
