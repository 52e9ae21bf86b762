import { eq } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { settlements } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { createdRange } from "@/lib/http/created-range";
import { keyset, toPage } from "@/lib/http/pagination";
import { presentSettlement } from "./present-settlement";
import type { ZListSettlementsQuery } from "./schemas";
import { visibleSettlements } from "./visibility";

export async function listSettlements({
  tenant,
  query,
}: {
  tenant: TTenant;
  query: z.output<typeof ZListSettlementsQuery>;
}) {
  const page = keyset(settlements, query.cursor, [
    visibleSettlements(tenant),
    query.status ? eq(settlements.status, query.status) : undefined,
    query.negotiationId ? eq(settlements.negotiationId, query.negotiationId) : undefined,
    ...createdRange(settlements.createdAt, query),
  ]);
  const rows = await db
    .select()
    .from(settlements)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, presentSettlement);
}
