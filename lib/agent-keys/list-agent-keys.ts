import { eq } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { agentKeys } from "@/db/schema";
import { getAgentOrThrow } from "@/lib/agents/get-agent";
import type { TTenant } from "@/lib/auth/tenant";
import { keyset, toPage } from "@/lib/http/pagination";
import { presentAgentKey } from "./present-agent-key";
import type { ZListAgentKeysQuery } from "./schemas";

/** An agent's keys, newest first, revoked ones included unless filtered out. */
export async function listAgentKeys({
  tenant,
  agentId,
  query,
}: {
  tenant: TTenant;
  agentId: string;
  query: z.output<typeof ZListAgentKeysQuery>;
}) {
  await getAgentOrThrow({ tenant, agentId });
  const page = keyset(agentKeys, query.cursor, [
    eq(agentKeys.agentId, agentId),
    query.status ? eq(agentKeys.status, query.status) : undefined,
  ]);
  const rows = await db
    .select()
    .from(agentKeys)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, presentAgentKey);
}
