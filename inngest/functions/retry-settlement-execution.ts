import { inngest } from "@/inngest/client";
import { resolveAbandonedExecution } from "@/lib/settlements/execution/resolve-abandoned-execution";
import { runExecution } from "@/lib/settlements/execution/run-execution";
import { settlementRetryScheduled } from "@/lib/settlements/jobs";

/**
 * An execution whose first attempt (in a batch) threw: runExecution again, each step a
 * `step.run`, so a retry after a crash repeats only the steps that had not finished. When the
 * retries run out, the rail decides (resolveAbandonedExecution).
 */
export const retrySettlementExecution = inngest.createFunction(
  {
    id: "retry-settlement-execution",
    triggers: [{ event: settlementRetryScheduled }],
    retries: 5,
    concurrency: { key: "event.data.settlementId", limit: 1 },
    // The steps' results travel with the run's end instead of in a checkpoint call each. A crash
    // before that runs them again, which is safe: each re-checks the settlement's state, and
    // the rail call is keyed by the settlement id.
    checkpointing: { bufferedSteps: 3 },
    onFailure: async ({ event, error, step }) => {
      const { settlementId } = event.data.event.data as { settlementId: string };
      await step.run("resolve-abandoned", () =>
        resolveAbandonedExecution(settlementId, error.message),
      );
    },
  },
  async ({ event, step }) => {
    const { settlementId } = event.data as { settlementId: string };
    // A step's remembered result is its JSON, which every result of an execution step is.
    return runExecution(settlementId, (name, work) => step.run(name, work) as never);
  },
);
