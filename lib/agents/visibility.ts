import { and, eq, isNull } from "drizzle-orm";
import { agents } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";

export type { TTenant as Tenant };

/**
 * Rows an organization may see in one environment; deleted agents are gone for everyone
 * (`listAgents` spells the same condition in SQL).
 */
export const ownedAgents = ({ organizationId, environment }: TTenant) =>
  and(
    eq(agents.organizationId, organizationId),
    eq(agents.environment, environment),
    isNull(agents.deletedAt),
  );
