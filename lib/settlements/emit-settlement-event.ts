import { eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { receipts, type TSettlementRow } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit-event";
import type { TEventType, TReceiptReference } from "@/lib/events/types";
import { presentSettlement } from "./present-settlement";

/**
 * Every party organization gets the event. Once the settlement has executed, the event names
 * its receipt (`receipt` when the caller just issued it, otherwise read).
 */
export async function emitSettlementEvent(
  executor: TExecutor,
  {
    row,
    type,
    receipt,
  }: {
    row: TSettlementRow;
    type: Extract<TEventType, `settlement.${string}`>;
    receipt?: TReceiptReference;
  },
) {
  const object = presentSettlement(row);
  const proof = receipt ?? (await receiptOf(executor, row));
  for (const organizationId of row.partyOrganizationIds) {
    await emitEvent(executor, {
      organizationId,
      environment: row.environment,
      type,
      object,
      receipt: proof,
    });
  }
}

async function receiptOf(
  executor: TExecutor,
  row: TSettlementRow,
): Promise<TReceiptReference | undefined> {
  if (row.status !== "reversed" && row.status !== "disputed") return undefined;
  const [found] = await executor
    .select({ id: receipts.id, attestHash: receipts.attestHash })
    .from(receipts)
    .where(eq(receipts.settlementId, row.id));
  return found;
}
