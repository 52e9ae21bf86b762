import { inngest } from "@/inngest/client";
import { resolveJobsMode } from "@/lib/jobs/jobs-mode";
import { executeFirstAttempts } from "@/lib/settlements/execution/execute-first-attempts";
import { settlementExecuteRequested } from "@/lib/settlements/jobs";

/**
 * A batch starts when it holds `maxSize` executions, or `timeout` after its first. Inngest takes
 * no batch timeout under a second; the embedded runner starts one 50 ms after its first event.
 */
const executionBatch = {
  maxSize: 10,
  timeout: resolveJobsMode().kind === "embedded" ? "0.05s" : "1s",
} as const;

/**
 * First attempts of settlement executions, in batches: one run executes up to `maxSize` of them
 * side by side, and hands each one that threw to its own `retry-settlement-execution` run. The
 * run takes no steps: repeating it after a crash repeats no finished work (executeFirstAttempts).
 * Its own retries cover the hand-over itself (in the embedded runner, over two hours of backoff).
 */
export const executeSettlement = inngest.createFunction(
  {
    id: "execute-settlement",
    triggers: [{ event: settlementExecuteRequested }],
    batchEvents: executionBatch,
    retries: 10,
  },
  async ({ events }) =>
    executeFirstAttempts(
      events.map((event) => (event.data as { settlementId: string }).settlementId),
    ),
);
