import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { settlements } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { conflict } from "@/lib/http/api-error";
import { emitSettlementEvent } from "./emit-settlement-event";
import { getSettlementOrThrow } from "./get-settlement";
import { presentSettlement } from "./present-settlement";
import { refuseWhileReversing } from "./reversal-claim";

/** Any party's organization may dispute an executed settlement; the money stays where it is. */
export async function disputeSettlement({
  tenant,
  settlementId,
  reason,
}: {
  tenant: TTenant;
  settlementId: string;
  reason: string;
}) {
  return db.transaction(async (tx) => {
    const row = await getSettlementOrThrow({ tenant, settlementId, forUpdate: true }, tx);
    if (row.status !== "executed")
      throw conflict(
        `The settlement is ${row.status}; only an executed settlement can be disputed.`,
      );
    // Any claim blocks a dispute, stale or not: the money may be back already, and the
    // complete-reversal job records that.
    refuseWhileReversing(row, {
      message: "A reversal of this settlement is in progress; it cannot be disputed now.",
      untilRecorded: true,
    });
    const now = new Date();
    const [disputed] = await tx
      .update(settlements)
      .set({ status: "disputed", reason, disputedAt: now, updatedAt: now })
      .where(eq(settlements.id, settlementId))
      .returning();
    await emitSettlementEvent(tx, { row: disputed!, type: "settlement.disputed" });
    return presentSettlement(disputed!);
  });
}
