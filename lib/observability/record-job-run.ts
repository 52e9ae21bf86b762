import { logger } from "./logger";
import { metrics } from "./metrics";

/** One log line and the job metrics for a run that ended (its output is not logged: it may hold data). */
export function recordJobRun(run: {
  runId: string;
  functionId: string;
  eventName: unknown;
  outcome: "completed" | "failed" | "cancelled";
  attempt: number;
  createdAt?: Date;
}): void {
  metrics().jobRuns.inc({ function: run.functionId, outcome: run.outcome });
  const fields = {
    kind: "job_run",
    runId: run.runId,
    function: run.functionId,
    event: typeof run.eventName === "string" ? run.eventName : undefined,
    outcome: run.outcome,
    attempt: run.attempt,
    durationMs: run.createdAt ? Date.now() - run.createdAt.getTime() : undefined,
  };
  if (run.outcome === "failed") logger().warn(fields, "job run");
  else logger().info(fields, "job run");
}
