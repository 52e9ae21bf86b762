import { eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { receipts, type TSettlementRow } from "@/db/schema";
import { emitEvents } from "@/lib/events/emit-event";
import type { TEventType, TReceiptReference } from "@/lib/events/types";
import { presentSettlement } from "./present-settlement";

type TSettlementEventType = Extract<TEventType, `settlement.${string}`>;

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
  }: { row: TSettlementRow; type: TSettlementEventType; receipt?: TReceiptReference },
) {
  const proof = receipt ?? (await receiptOf(executor, row));
  await emitSettlementEvents(executor, type, [{ row, receipt: proof }]);
}

/** emitSettlementEvent of several settlements, each with the receipt given, in one statement. */
export async function emitSettlementEvents(
  executor: TExecutor,
  type: TSettlementEventType,
  settled: { row: TSettlementRow; receipt: TReceiptReference | undefined }[],
) {
  await emitEvents(
    executor,
    settled.flatMap(({ row, receipt }) => {
      const object = presentSettlement(row);
      return row.partyOrganizationIds.map((organizationId) => ({
        organizationId,
        environment: row.environment,
        type,
        object,
        receipt,
      }));
    }),
  );
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
