import type postgres from "postgres";
import type { TJobStepState } from "@/db/schema";
import { log } from "@/lib/observability/logger";
import { callFunction, type TCallOutcome, type TStepOp } from "./call-function";
import type { TCheckpointReceiver } from "./checkpoint-api";
import type { TJobFunction } from "./function-config";
import { finishRun, saveProgress, type TClaimedRun } from "./run-store";
import { jobsSettings, retryDelayMs, sleepMs } from "./timing";
import type { THandlerTransport } from "./transport";

export type TDriveContext = {
  sql: postgres.Sql;
  send: THandlerTransport;
  url: string;
  signingKey: string;
  functions: Map<string, TJobFunction>;
  /** The handler's SDK reaches this runner's checkpoint API (it runs in this process). */
  checkpoints: boolean;
};

/**
 * Drives one claimed run as far as it can go now: calls the function, stores each step result
 * before the next call, and stops at the end, at a sleep or a retry (releasing the run with its
 * due time), or when the lease is lost (cancelled, or taken over after this process stalled).
 */
export async function driveRun(context: TDriveContext, run: TClaimedRun): Promise<void> {
  const { sql } = context;
  const fn = context.functions.get(run.functionId);
  if (!fn) {
    await finishRun(sql, run, {
      status: "failed",
      output: { name: "Error", message: `Function "${run.functionId}" is not served by this app` },
    });
    return;
  }
  const settings = jobsSettings();
  const planned: string[] = [];
  for (;;) {
    const outcome = await callFunction({
      send: context.send,
      url: context.url,
      signingKey: context.signingKey,
      functionId: fn.id,
      stepId: planned.shift() ?? "step",
      runId: run.id,
      event: run.event,
      events: run.events ?? undefined,
      steps: run.steps,
      stack: run.stack,
      attempt: run.attempt,
      maxAttempts: fn.maxAttempts,
      checkpointToken: context.checkpoints ? run.leaseToken : undefined,
    });
    const next = await applyOutcome(context, fn, run, outcome, settings.leaseMs);
    if (next === "stop") return;
    planned.push(...next.planned);
  }
}

type TNext = "stop" | { planned: string[] };

async function applyOutcome(
  { sql }: TDriveContext,
  fn: TJobFunction,
  run: TClaimedRun,
  outcome: TCallOutcome,
  leaseMs: number,
): Promise<TNext> {
  const fail = async (error: unknown) => {
    const recorded = await finishRun(sql, run, {
      status: "failed",
      output: error,
      failureFunctionId: fn.failureFunctionId,
    });
    // A run whose lease was lost (cancelled, or taken over) did not fail here.
    if (recorded) logFailure(run, error);
    return "stop" as const;
  };
  const retry = async (
    error: unknown,
    retryAfter: number | undefined,
    steps = {},
    stack: string[] = [],
  ) => {
    if (run.attempt + 1 >= fn.maxAttempts) return fail(error);
    const delayMs = retryAfter ?? retryDelayMs(run.attempt);
    await saveProgress(sql, run, { steps, stack, attempt: run.attempt + 1, leaseMs, delayMs });
    return "stop" as const;
  };
  switch (outcome.kind) {
    case "completed":
      await finishRun(sql, run, { status: "completed", output: outcome.data });
      return "stop";
    case "failed":
      return fail(outcome.error);
    case "retry":
      return retry(outcome.error, outcome.retryAfterMs);
  }
  const steps: Record<string, TJobStepState> = {};
  const stack: string[] = [];
  const planned: string[] = [];
  let wakeAt: number | undefined;
  let stepError: { error: unknown } | undefined;
  const settle = (op: TStepOp, state: TJobStepState) => {
    steps[op.id] = state;
    stack.push(op.id);
  };
  for (const op of outcome.ops) {
    switch (op.op) {
      case "StepRun":
        settle(op, { data: op.data ?? null });
        break;
      case "StepFailed":
        settle(op, { error: op.error });
        break;
      case "StepError":
        if (run.attempt + 1 >= fn.maxAttempts) settle(op, { error: op.error });
        else stepError = { error: op.error };
        break;
      case "Sleep": {
        settle(op, { data: null });
        const until = Date.now() + sleepMs(op.name ?? "0s") * jobsSettings().sleepScale;
        wakeAt = Math.max(wakeAt ?? 0, until);
        break;
      }
      case "StepPlanned":
        planned.push(op.id);
        break;
      case "RunComplete":
        await finishRun(sql, run, { status: "completed", output: op.data ?? null, steps, stack });
        return "stop";
      default:
        return fail({
          name: "NonRetriableError",
          message: `The embedded runner does not support step.${op.op} (step "${op.displayName ?? op.id}")`,
        });
    }
  }
  if (stepError) return retry(stepError.error, outcome.retryAfterMs, steps, stack);
  if (stack.length === 0 && planned.length === 0) {
    return retry(
      { name: "Error", message: "The function answered 206 without operations" },
      undefined,
    );
  }
  if (stack.length > 0) {
    if (wakeAt === undefined)
      return (await keepSteps(sql, run, steps, stack, leaseMs)) ? { planned } : "stop";
    const delayMs = Math.max(0, wakeAt - Date.now());
    await saveProgress(sql, run, { steps, stack, attempt: 0, leaseMs, delayMs });
    return "stop";
  }
  return { planned };
}

/** Stores finished steps and keeps the lease; the run in memory follows. False: lease lost. */
async function keepSteps(
  sql: postgres.Sql,
  run: TClaimedRun,
  steps: Record<string, TJobStepState>,
  stack: string[],
  leaseMs: number,
): Promise<boolean> {
  if (!(await saveProgress(sql, run, { steps, stack, attempt: 0, leaseMs }))) return false;
  Object.assign(run.steps, steps);
  run.stack.push(...stack);
  run.attempt = 0;
  return true;
}

/**
 * Stores the steps the SDK checkpoints in the middle of a call (checkpoint-api.ts) exactly as
 * it would store them from a 206 answer, before the function goes on past them.
 */
export async function storeCheckpoint(
  sql: postgres.Sql,
  run: TClaimedRun,
  ops: TStepOp[],
): ReturnType<TCheckpointReceiver> {
  if (ops.some((op) => op.op !== "StepRun")) return "invalid";
  const steps = Object.fromEntries(ops.map((op) => [op.id, { data: op.data ?? null }]));
  const stack = ops.map((op) => op.id);
  const kept = await keepSteps(sql, run, steps, stack, jobsSettings().leaseMs);
  return kept ? "saved" : "stale";
}

function logFailure(run: TClaimedRun, error: unknown) {
  const message =
    typeof error === "object" && error && "message" in error
      ? String(error.message)
      : JSON.stringify(error);
  log.warn({ runId: run.id, function: run.functionId, error: message }, "job run attempt failed");
}
