import { and, eq, isNull, type Placeholder } from "drizzle-orm";
import { agents } from "@/db/schema";
import type { Tenant } from "@/lib/auth/tenant";

export type { Tenant };

/**
 * Rows an organization may see in one environment; deleted agents are gone for everyone. In a
 * prepared query the tenant's fields are placeholders.
 */
export const ownedAgents = ({
  organizationId,
  environment,
}: {
  [K in keyof Tenant]: Tenant[K] | Placeholder;
}) =>
  and(
    eq(agents.organizationId, organizationId),
    eq(agents.environment, environment),
    isNull(agents.deletedAt),
  );
