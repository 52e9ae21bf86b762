import { eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { settlements, type TSettlementRow } from "@/db/schema";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { reserveMandateSpend } from "@/lib/mandates/reserve-mandate-spend";
import { settlementExecuteRequested } from "./jobs";

/**
 * In the caller's transaction, which holds the pending row's lock: reserves the amount under
 * the payer's mandate (throws the mandate's error when it refuses), marks the settlement
 * `executing` and writes the job that executes it. A caller that executes the settlement itself
 * once this commits passes `jobNotBefore`: the job is then its fallback (withdrawJob `jobId`).
 */
export async function startExecution(
  tx: TExecutor,
  { pending, now, jobNotBefore }: { pending: TSettlementRow; now: Date; jobNotBefore?: Date },
): Promise<{ executing: TSettlementRow; jobId: string }> {
  const mandateCheck = await reserveMandateSpend(tx, { settlement: pending, now });
  const [executing] = await tx
    .update(settlements)
    .set({ status: "executing", executionStartedAt: now, updatedAt: now, mandateCheck })
    .where(eq(settlements.id, pending.id))
    .returning();
  const jobId = await enqueueJob(tx, {
    name: settlementExecuteRequested,
    data: { settlementId: pending.id },
    notBefore: jobNotBefore,
  });
  return { executing: executing!, jobId };
}
