import { and, count, eq, gt, isNotNull, isNull, or } from "drizzle-orm";
import { db } from "@/db/client";
import { agents, apiKeys, receipts, settlements, webhookEndpoints } from "@/db/schema";
import { ownedAgents } from "@/lib/agents/visibility";
import type { TTenant } from "@/lib/auth/tenant";
import { visibleSettlements } from "@/lib/settlements/visibility";
import { ownedEndpoints } from "@/lib/webhooks/endpoints/visibility";

export type TGettingStartedStep = "key" | "agents" | "settlement" | "verification" | "webhook";
export type TGettingStarted = {
  steps: { step: TGettingStartedStep; done: boolean }[];
  agents: number;
};

const agentsNeeded = 2;

/**
 * The first steps of an integration, each read from what exists, so a step ticks itself off
 * whether it was done through the API, the SDK or the console.
 */
export async function gettingStarted(tenant: TTenant): Promise<TGettingStarted> {
  const { organizationId, environment } = tenant;
  const exists = async (query: Promise<unknown[]>) => (await query).length > 0;
  const [key, [agentCount], settlement, verification, webhook] = await Promise.all([
    exists(
      db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(
          // A key that still works: one revoked or expired since does not count.
          and(
            eq(apiKeys.organizationId, organizationId),
            eq(apiKeys.environment, environment),
            isNull(apiKeys.revokedAt),
            or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, new Date())),
          ),
        )
        .limit(1),
    ),
    db.select({ value: count() }).from(agents).where(ownedAgents(tenant)),
    exists(
      db
        .select({ id: settlements.id })
        .from(settlements)
        .where(and(visibleSettlements(tenant), isNotNull(settlements.executedAt)))
        .limit(1),
    ),
    exists(
      db
        .select({ id: receipts.id })
        .from(receipts)
        .where(
          and(
            eq(receipts.organizationId, organizationId),
            eq(receipts.environment, environment),
            isNotNull(receipts.firstVerificationRequestAt),
          ),
        )
        .limit(1),
    ),
    exists(
      db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(ownedEndpoints(tenant))
        .limit(1),
    ),
  ]);
  const agentTotal = agentCount?.value ?? 0;
  return {
    agents: agentTotal,
    steps: [
      { step: "key", done: key },
      { step: "agents", done: agentTotal >= agentsNeeded },
      { step: "settlement", done: settlement },
      { step: "verification", done: verification },
      { step: "webhook", done: webhook },
    ],
  };
}
