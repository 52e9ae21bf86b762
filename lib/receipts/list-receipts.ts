import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { receipts } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { createdRange } from "@/lib/http/created-range";
import { keyset, toPage } from "@/lib/http/pagination";
import { presentReceiptListItem } from "./present-receipt";
import type { TListReceiptsQuery } from "./schemas";
import { visibleReceipts } from "./visibility";

export async function listReceipts({
  tenant,
  query,
}: {
  tenant: TTenant;
  query: TListReceiptsQuery;
}) {
  const page = keyset(receipts, query.cursor, [
    visibleReceipts(tenant),
    query.settlementId ? eq(receipts.settlementId, query.settlementId) : undefined,
    query.negotiationId ? eq(receipts.negotiationId, query.negotiationId) : undefined,
    query.status ? eq(receipts.status, query.status) : undefined,
    ...createdRange(receipts.createdAt, query),
  ]);
  const rows = await db
    .select()
    .from(receipts)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, presentReceiptListItem);
}
