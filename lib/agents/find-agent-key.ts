import { and, eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { agentKeys } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";

/** One of the agent's keys in the tenant, or undefined. */
export async function findAgentKey(
  { tenant, agentId, keyId }: { tenant: TTenant; agentId: string; keyId: string },
  executor: TExecutor = db,
) {
  const [row] = await executor
    .select()
    .from(agentKeys)
    .where(
      and(
        eq(agentKeys.id, keyId),
        eq(agentKeys.agentId, agentId),
        eq(agentKeys.organizationId, tenant.organizationId),
        eq(agentKeys.environment, tenant.environment),
      ),
    );
  return row;
}
