import { and, arrayContains, eq, getTableColumns, gt, lte, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { negotiationParties, negotiations, type TNegotiationStatus } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { createdRange } from "@/lib/http/created-range";
import { keyset, toPage } from "@/lib/http/pagination";
import { presentNegotiation } from "./present-negotiation";
import type { ZListNegotiationsQuery } from "./schemas";

/** Filters on the status callers see: an open negotiation past its expiry counts as expired. */
function statusFilter(status: TNegotiationStatus, now: Date): SQL | undefined {
  if (status === "open")
    return and(eq(negotiations.status, "open"), gt(negotiations.expiresAt, now));
  if (status === "expired")
    return or(
      eq(negotiations.status, "expired"),
      and(eq(negotiations.status, "open"), lte(negotiations.expiresAt, now)),
    );
  return eq(negotiations.status, status);
}

export async function listNegotiations({
  tenant,
  query,
}: {
  tenant: TTenant;
  query: z.output<typeof ZListNegotiationsQuery>;
}) {
  const now = new Date();
  // Through the organization's own rows of negotiation_parties, in the order of its key.
  const listed = { createdAt: negotiationParties.createdAt, id: negotiationParties.negotiationId };
  const page = keyset(listed, query.cursor, [
    eq(negotiationParties.organizationId, tenant.organizationId),
    eq(negotiationParties.environment, tenant.environment),
    query.status ? statusFilter(query.status, now) : undefined,
    query.agentId ? arrayContains(negotiations.partyAgentIds, [query.agentId]) : undefined,
    ...createdRange(negotiationParties.createdAt, query),
  ]);
  const rows = await db
    .select(getTableColumns(negotiations))
    .from(negotiationParties)
    .innerJoin(negotiations, eq(negotiations.id, negotiationParties.negotiationId))
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (row) => presentNegotiation(row, now));
}
