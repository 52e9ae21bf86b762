import { and, arrayContains, eq, gt } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { negotiations } from "@/db/schema";

/** Whether the agent is party to a negotiation that is still open (not past its expiry). */
export async function hasOpenNegotiation(executor: TExecutor, agentId: string): Promise<boolean> {
  const [open] = await executor
    .select({ id: negotiations.id })
    .from(negotiations)
    .where(
      and(
        eq(negotiations.status, "open"),
        arrayContains(negotiations.partyAgentIds, [agentId]),
        gt(negotiations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return Boolean(open);
}
