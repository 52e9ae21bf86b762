import { and, arrayContains, eq } from "drizzle-orm";
import { negotiations } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";

/** Negotiations an organization sees: those any of its agents is party to, in its environment. */
export const visibleNegotiations = ({ organizationId, environment }: TTenant) =>
  and(
    eq(negotiations.environment, environment),
    arrayContains(negotiations.partyOrganizationIds, [organizationId]),
  );
