import { eq, getTableColumns } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { settlementParties, settlements } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { createdRange } from "@/lib/http/created-range";
import { keyset, toPage } from "@/lib/http/pagination";
import { presentSettlement } from "./present-settlement";
import type { ZListSettlementsQuery } from "./schemas";

type TListInput = { tenant: TTenant; query: z.output<typeof ZListSettlementsQuery> };

/**
 * The statement of one page (a row more than the limit, to tell whether another follows):
 * through the organization's own rows of settlement_parties, in the order of its key.
 */
export function settlementsPageQuery({ tenant, query }: TListInput) {
  const listed = { createdAt: settlementParties.createdAt, id: settlementParties.settlementId };
  const page = keyset(listed, query.cursor, [
    eq(settlementParties.organizationId, tenant.organizationId),
    eq(settlementParties.environment, tenant.environment),
    query.status ? eq(settlements.status, query.status) : undefined,
    query.negotiationId ? eq(settlements.negotiationId, query.negotiationId) : undefined,
    ...createdRange(settlementParties.createdAt, query),
  ]);
  return db
    .select(getTableColumns(settlements))
    .from(settlementParties)
    .innerJoin(settlements, eq(settlements.id, settlementParties.settlementId))
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
}

export async function listSettlements(input: TListInput) {
  const rows = await settlementsPageQuery(input);
  return toPage(rows, input.query.limit, presentSettlement);
}
