import { config } from "@/config";
import { inngest } from "@/inngest/client";
import { resolveStalledExecutions } from "@/lib/settlements/execution/resolve-stalled-executions";

/**
 * Lets the rail decide the executions that no run will finish any more, on the
 * EXECUTION_SWEEP_CRON schedule. Every deployment process may run it: each tick starts one run,
 * and resolving a settlement twice changes it once (it is `executing` only until the first).
 */
export const resolveStalledExecutionsFunction = inngest.createFunction(
  {
    id: "resolve-stalled-executions",
    triggers: [{ cron: config().EXECUTION_SWEEP_CRON }],
    retries: 3,
  },
  async ({ step }) => step.run("resolve", () => resolveStalledExecutions()),
);
