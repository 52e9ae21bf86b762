import { eq, gt, lte } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { settlements } from "@/db/schema";
import type { Tenant } from "@/lib/auth/tenant";
import { keyset, toPage } from "@/lib/http/pagination";
import { presentSettlement } from "./present-settlement";
import type { ZListSettlementsQuery } from "./schemas";
import { visibleSettlements } from "./visibility";

export async function listSettlements({
  tenant,
  query,
}: {
  tenant: Tenant;
  query: z.output<typeof ZListSettlementsQuery>;
}) {
  const page = keyset(settlements, query.cursor, [
    visibleSettlements(tenant),
    query.status ? eq(settlements.status, query.status) : undefined,
    query.negotiationId ? eq(settlements.negotiationId, query.negotiationId) : undefined,
    query.createdAfter ? gt(settlements.createdAt, new Date(query.createdAfter)) : undefined,
    query.createdBefore ? lte(settlements.createdAt, new Date(query.createdBefore)) : undefined,
  ]);
  const rows = await db
    .select()
    .from(settlements)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, presentSettlement);
}
