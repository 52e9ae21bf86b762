import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { settlements } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { conflict } from "@/lib/http/api-error";
import { enqueueJobFor } from "@/lib/jobs/enqueue-job";
import { getSettlementOrThrow, requirePayerOrganization } from "./get-settlement";
import { settlementExecuteRequested } from "./jobs";
import { presentSettlement } from "./present-settlement";
import { visibleSettlements } from "./visibility";

/**
 * Moves a pending settlement to `executing` and writes the job that executes it, in one
 * statement (the job is written for the row the update returns). The conditional update is the
 * gate: of any number of concurrent calls exactly one finds the settlement pending; every other
 * call gets 409. Only when the update finds nothing is the settlement read, to answer 404, 403
 * or 409.
 */
export async function requestExecution({
  tenant,
  settlementId,
}: {
  tenant: TTenant;
  settlementId: string;
}) {
  const now = new Date();
  const executing = db.$with("executing").as(
    db
      .update(settlements)
      .set({ status: "executing", executionStartedAt: now, updatedAt: now })
      .where(
        and(
          eq(settlements.id, settlementId),
          eq(settlements.status, "pending"),
          eq(settlements.organizationId, tenant.organizationId),
          visibleSettlements(tenant),
        ),
      )
      .returning(),
  );
  const queued = db
    .$with("queued", {})
    .as(enqueueJobFor(executing, { name: settlementExecuteRequested, data: { settlementId } }));
  const [row] = await db.with(executing, queued).select().from(executing);
  if (!row) {
    const current = await getSettlementOrThrow({ tenant, settlementId });
    requirePayerOrganization(current, tenant, "execute");
    throw conflict(
      `The settlement is ${current.status}; only a pending settlement can be executed.`,
    );
  }
  return presentSettlement(row);
}
