import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { settlements } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { conflict } from "@/lib/http/api-error";
import { getSettlementOrThrow, requirePayerOrganization } from "./get-settlement";
import { presentSettlement } from "./present-settlement";
import { startExecution } from "./start-execution";
import { visibleSettlements } from "./visibility";

/**
 * Moves a pending settlement to `executing`, reserves its amount under the payer's mandate and
 * writes the job that executes it, in one transaction. Locking the pending row is the gate: of
 * any number of concurrent calls exactly one finds the settlement pending; every other call
 * gets 409. A mandate that refuses the settlement throws, and the settlement stays pending.
 * Only when no pending row is found is the settlement read, to answer 404, 403 or 409.
 */
export async function requestExecution({
  tenant,
  settlementId,
}: {
  tenant: TTenant;
  settlementId: string;
}) {
  const row = await db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(settlements)
      .where(
        and(
          eq(settlements.id, settlementId),
          eq(settlements.status, "pending"),
          eq(settlements.organizationId, tenant.organizationId),
          visibleSettlements(tenant),
        ),
      )
      .for("update");
    if (!pending) return null;
    const { executing } = await startExecution(tx, { pending, now: new Date() });
    return executing;
  });
  if (!row) {
    const current = await getSettlementOrThrow({ tenant, settlementId });
    requirePayerOrganization(current, tenant, "execute");
    throw conflict(
      `The settlement is ${current.status}; only a pending settlement can be executed.`,
    );
  }
  return presentSettlement(row);
}
