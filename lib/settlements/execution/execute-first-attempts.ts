import { db } from "@/db/client";
import { enqueueJobs } from "@/lib/jobs/enqueue-job";
import { log } from "@/lib/observability/logger";
import { settlementRetryScheduled } from "../jobs";
import { runExecution, runNow } from "./run-execution";

/**
 * First attempts of a batch of executions, side by side: each runs its steps as plain calls, as
 * an x402 settle does in its request. One that throws is handed to its own retry run, whose job
 * id names the settlement, so handing it over twice (this batch repeated after a crash) starts
 * one run. Repeating a batch repeats no finished work: each step re-checks the settlement.
 */
export async function executeFirstAttempts(settlementIds: string[]) {
  const ids = [...new Set(settlementIds)];
  const outcomes = await Promise.allSettled(ids.map((id) => runExecution(id, runNow)));
  const retries = ids.flatMap((settlementId, index) => {
    const outcome = outcomes[index]!;
    if (outcome.status === "fulfilled") return [];
    log.warn(
      { settlementId, error: String(outcome.reason) },
      "settlement execution failed; retrying in its own run",
    );
    return [
      { id: `retry-${settlementId}`, name: settlementRetryScheduled, data: { settlementId } },
    ];
  });
  await enqueueJobs(db, retries);
  return { executions: ids.length, retried: retries.length };
}
