import { and, eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { receipts, type TReceiptRow } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { notFound } from "@/lib/http/api-error";
import { visibleReceipts } from "./visibility";

type TReceiptLookup = { tenant: TTenant; receiptId?: string; settlementId?: string };

/** The receipt a lookup names, among those the caller's organization sees in its environment. */
export const receiptOfTenant = ({ tenant, receiptId, settlementId }: TReceiptLookup) =>
  and(
    receiptId !== undefined
      ? eq(receipts.id, receiptId)
      : eq(receipts.settlementId, settlementId ?? ""),
    visibleReceipts(tenant),
  );

export const receiptNotFound = ({ receiptId, settlementId }: TReceiptLookup) =>
  receiptId !== undefined
    ? notFound("receipt", receiptId)
    : notFound("receipt for settlement", settlementId ?? "");

/**
 * A receipt the caller sees, by receipt id or by settlement id: every party organization of its
 * settlement does (see visibility.ts); anyone else gets 404.
 */
export async function getReceiptOrThrow(
  lookup: TReceiptLookup,
  executor: TExecutor = db,
): Promise<TReceiptRow> {
  const [row] = await executor.select().from(receipts).where(receiptOfTenant(lookup));
  if (!row) throw receiptNotFound(lookup);
  return row;
}
