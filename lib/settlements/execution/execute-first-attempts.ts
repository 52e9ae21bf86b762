import { db } from "@/db/client";
import { enqueueJobs } from "@/lib/jobs/enqueue-job";
import { log } from "@/lib/observability/logger";
import { settlementRetryScheduled } from "../jobs";
import { completeSettlement, completeSettlements } from "./complete-settlement";
import { pay } from "./pay";
import { runNow, settlePayment } from "./run-execution";

/**
 * How long the payments of a batch that the rail has answered wait for its other rail calls
 * before completing together: a slow rail call then completes its settlement alone, instead of
 * holding the rest of the batch until it answers or times out (RAIL_TIMEOUT_MS).
 */
const batchRailWaitMs = 200;

type TPaymentOutcome = Awaited<ReturnType<typeof settlePayment>>;

/**
 * First attempts of a batch of executions, side by side: each runs its steps as plain calls, as
 * an x402 settle does in its request, and the ones the rail paid complete together
 * (completeSettlements), but for those whose rail call is still out after `batchRailWaitMs`,
 * which complete alone. One that throws is handed to its own retry run, whose job id names the
 * settlement, so handing it over twice (this batch repeated after a crash) starts one run.
 * Repeating a batch repeats no finished work: each step re-checks the settlement.
 */
export async function executeFirstAttempts(settlementIds: string[]) {
  const ids = [...new Set(settlementIds)];
  const answered = new Map<string, TPaymentOutcome>();
  const faults = new Map<string, unknown>();
  const payments = ids.map((id) =>
    pay(id)
      .then((payment) => settlePayment(id, payment, runNow))
      .then(
        (outcome) => void answered.set(id, outcome),
        (error: unknown) => void faults.set(id, error),
      ),
  );
  /** A payment answered after the wait: its settlement completes in its own transaction. */
  const completeAlone = async (id: string, payment: Promise<void>) => {
    await payment;
    const outcome = answered.get(id);
    if (outcome?.status !== "paid") return;
    await completeSettlement(outcome.paid).catch((error: unknown) => faults.set(id, error));
  };
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(payments),
    new Promise((resolve) => {
      timer = setTimeout(resolve, batchRailWaitMs);
    }),
  ]);
  clearTimeout(timer);
  const together = [...answered.values()].flatMap((outcome) =>
    outcome.status === "paid" ? [outcome.paid] : [],
  );
  const late = ids.flatMap((id, index) =>
    answered.has(id) || faults.has(id) ? [] : [completeAlone(id, payments[index]!)],
  );
  const completions = await completeSettlements(together);
  completions.forEach((outcome, index) => {
    if (outcome.status === "rejected") faults.set(together[index]!.settlementId, outcome.reason);
  });
  await Promise.all(late);
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
