import { eq, getTableColumns } from "drizzle-orm";
import { db } from "@/db/client";
import { receiptParties, receipts } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { createdRange } from "@/lib/http/created-range";
import { keyset, toPage } from "@/lib/http/pagination";
import { presentReceiptListItem } from "./present-receipt";
import type { TListReceiptsQuery } from "./schemas";

/**
 * The receipts the tenant sees (lib/receipts/visibility.ts: its own and those of every
 * settlement it is party to), newest first, through its own rows of receipt_parties in the
 * order of their key: a page reads the organization's rows only.
 */
export async function listReceipts({
  tenant,
  query,
}: {
  tenant: TTenant;
  query: TListReceiptsQuery;
}) {
  const listed = { createdAt: receiptParties.createdAt, id: receiptParties.receiptId };
  const page = keyset(listed, query.cursor, [
    eq(receiptParties.organizationId, tenant.organizationId),
    eq(receiptParties.environment, tenant.environment),
    query.settlementId ? eq(receipts.settlementId, query.settlementId) : undefined,
    query.negotiationId ? eq(receipts.negotiationId, query.negotiationId) : undefined,
    query.status ? eq(receipts.status, query.status) : undefined,
    ...createdRange(receiptParties.createdAt, query),
  ]);
  const rows = await db
    .select(getTableColumns(receipts))
    .from(receiptParties)
    .innerJoin(receipts, eq(receipts.id, receiptParties.receiptId))
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, presentReceiptListItem);
}
