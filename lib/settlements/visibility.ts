import { and, arrayContains, eq } from "drizzle-orm";
import { settlements } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";

/** Settlements an organization sees: those of negotiations any of its agents is party to. */
export const visibleSettlements = ({ organizationId, environment }: TTenant) =>
  and(
    eq(settlements.environment, environment),
    arrayContains(settlements.partyOrganizationIds, [organizationId]),
  );
