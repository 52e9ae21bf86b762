import { and, arrayContains, eq, gt, lte, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { negotiations, type TNegotiationStatus } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { createdRange } from "@/lib/http/created-range";
import { keyset, toPage } from "@/lib/http/pagination";
import { presentNegotiation } from "./present-negotiation";
import type { ZListNegotiationsQuery } from "./schemas";
import { visibleNegotiations } from "./visibility";

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
  const page = keyset(negotiations, query.cursor, [
    visibleNegotiations(tenant),
    query.status ? statusFilter(query.status, now) : undefined,
    query.agentId ? arrayContains(negotiations.partyAgentIds, [query.agentId]) : undefined,
    ...createdRange(negotiations.createdAt, query),
  ]);
  const rows = await db
    .select()
    .from(negotiations)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (row) => presentNegotiation(row, now));
}
