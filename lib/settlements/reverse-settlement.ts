import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { settlements } from "@/db/schema";
import type { Tenant } from "@/lib/auth/tenant";
import { conflict } from "@/lib/http/api-error";
import { railOf } from "@/lib/rails/rails";
import { emitSettlementEvent } from "./emit-settlement-event";
import { railRequestOf } from "./execution/rail-request";
import { getSettlementOrThrow, requirePayerOrganization } from "./get-settlement";
import { presentSettlement } from "./present-settlement";

/**
 * Moves an executed settlement's money back on its rail and marks it `reversed`. The settlement
 * stays locked throughout, so a concurrent dispute or reverse waits and then finds it changed;
 * the rail's reversal is idempotent by settlement id, so a retry after a crash is safe.
 */
export async function reverseSettlement({
  tenant,
  settlementId,
  reason,
}: {
  tenant: Tenant;
  settlementId: string;
  reason?: string;
}) {
  return db.transaction(async (tx) => {
    const row = await getSettlementOrThrow({ tenant, settlementId, forUpdate: true }, tx);
    requirePayerOrganization(row, tenant, "reverse");
    if (row.status !== "executed")
      throw conflict(
        `The settlement is ${row.status}; only an executed settlement can be reversed.`,
      );
    const outcome = await railOf(row.adapter).reverse(railRequestOf(row));
    if (outcome.status === "declined")
      throw conflict(`The ${row.adapter} rail refused the reversal: ${outcome.message}`);
    const now = new Date();
    const [reversed] = await tx
      .update(settlements)
      .set({ status: "reversed", reason: reason ?? null, reversedAt: now, updatedAt: now })
      .where(eq(settlements.id, settlementId))
      .returning();
    await emitSettlementEvent(tx, { row: reversed!, type: "settlement.reversed" });
    return presentSettlement(reversed!);
  });
}
