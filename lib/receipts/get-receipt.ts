import { and, eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { receipts, type TReceiptRow } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { notFound } from "@/lib/http/api-error";

type TReceiptLookup = { tenant: TTenant; receiptId?: string; settlementId?: string };

/** The receipt a lookup names, among the caller's organization's and environment's. */
export const receiptOfTenant = ({ tenant, receiptId, settlementId }: TReceiptLookup) =>
  and(
    receiptId !== undefined
      ? eq(receipts.id, receiptId)
      : eq(receipts.settlementId, settlementId ?? ""),
    eq(receipts.organizationId, tenant.organizationId),
    eq(receipts.environment, tenant.environment),
  );

export const receiptNotFound = ({ receiptId, settlementId }: TReceiptLookup) =>
  receiptId !== undefined
    ? notFound("receipt", receiptId)
    : notFound("receipt for settlement", settlementId ?? "");

/**
 * A receipt of the caller's organization and environment, by receipt id or by settlement id.
 * Receipts belong to the organization that owns the settlement; anyone else gets 404.
 */
export async function getReceiptOrThrow(
  lookup: TReceiptLookup,
  executor: TExecutor = db,
): Promise<TReceiptRow> {
  const [row] = await executor.select().from(receipts).where(receiptOfTenant(lookup));
  if (!row) throw receiptNotFound(lookup);
  return row;
}
