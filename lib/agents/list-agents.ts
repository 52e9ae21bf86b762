import { arrayContains, eq } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { agents } from "@/db/schema";
import { keyset, toPage } from "@/lib/http/pagination";
import { presentAgent } from "./present-agent";
import type { ZListAgentsQuery } from "./schemas";
import { ownedAgents, type Tenant } from "./scope";

export async function listAgents({
  tenant,
  query,
}: {
  tenant: Tenant;
  query: z.output<typeof ZListAgentsQuery>;
}) {
  const page = keyset(agents, query.cursor, [
    ownedAgents(tenant),
    query.capability ? arrayContains(agents.capabilities, [query.capability]) : undefined,
    query.status ? eq(agents.status, query.status) : undefined,
  ]);
  const rows = await db
    .select()
    .from(agents)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, presentAgent);
}
