import { and, eq, isNull } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";

export type { TTenant as Tenant };

/** Endpoints an organization may see in one environment; deleted ones are gone for everyone. */
export const ownedEndpoints = ({ organizationId, environment }: TTenant) =>
  and(
    eq(webhookEndpoints.organizationId, organizationId),
    eq(webhookEndpoints.environment, environment),
    isNull(webhookEndpoints.deletedAt),
  );
