import { db } from "@/db/client";
import { enqueueJobs } from "@/lib/jobs/enqueue-job";
import { log } from "@/lib/observability/logger";
import { settlementRetryScheduled } from "../jobs";
import { completeSettlements, type TPaidSettlement } from "./complete-settlement";
import { pay } from "./pay";
import { runNow, settlePayment } from "./run-execution";

/**
 * First attempts of a batch of executions, side by side: each runs its steps as plain calls, as
 * an x402 settle does in its request, and the ones the rail paid complete together
 * (completeSettlements). One that throws is handed to its own retry run, whose job id names the
 * settlement, so handing it over twice (this batch repeated after a crash) starts one run.
 * Repeating a batch repeats no finished work: each step re-checks the settlement.
 */
export async function executeFirstAttempts(settlementIds: string[]) {
  const ids = [...new Set(settlementIds)];
  const settled = await Promise.allSettled(
    ids.map(async (id) => settlePayment(id, await pay(id), runNow)),
  );
  const faults = new Map<string, unknown>();
  const paid: TPaidSettlement[] = [];
  settled.forEach((outcome, index) => {
    if (outcome.status === "rejected") faults.set(ids[index]!, outcome.reason);
    else if (outcome.value.status === "paid") paid.push(outcome.value.paid);
  });
  const completions = await completeSettlements(paid);
  completions.forEach((outcome, index) => {
    if (outcome.status === "rejected") faults.set(paid[index]!.settlementId, outcome.reason);
  });
  const retries = [...faults].map(([settlementId, error]) => {
    log.warn(
      { settlementId, error: String(error) },
      "settlement execution failed; retrying in its own run",
    );
    return { id: `retry-${settlementId}`, name: settlementRetryScheduled, data: { settlementId } };
  });
  await enqueueJobs(db, retries);
  return { executions: ids.length, retried: retries.length };
}
