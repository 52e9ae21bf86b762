import type { TJobStepState } from "@/db/schema";
import { signedJson } from "./signing";
import { retryAfterMs } from "./timing";
import type { THandlerTransport } from "./transport";

/** An operation the SDK reports in a 206 answer (one per step it ran, planned or reached). */
export type TStepOp = {
  id: string;
  op: string;
  name?: string;
  displayName?: string;
  data?: unknown;
  error?: unknown;
};

export type TCallOutcome =
  | { kind: "completed"; data: unknown }
  | { kind: "ops"; ops: TStepOp[]; retryAfterMs?: number }
  | { kind: "retry"; error: unknown; retryAfterMs?: number }
  | { kind: "failed"; error: unknown };

export type TCallRequest = {
  send: THandlerTransport;
  url: string;
  signingKey: string;
  functionId: string;
  /** `step` to let the SDK discover the next step, or a hashed step id it planned. */
  stepId: string;
  runId: string;
  event: Record<string, unknown>;
  /** A batch's events (`event` is the first); a run of one event leaves this out. */
  events?: Record<string, unknown>[];
  steps: Record<string, TJobStepState>;
  stack: string[];
  attempt: number;
  maxAttempts: number;
  /**
   * The run's lease token, when the handler's SDK can checkpoint steps to this runner
   * (checkpoint-api.ts): it then runs step after step in one call.
   */
  checkpointToken?: string;
};

/**
 * One call of a function through the app's `serve()` handler, as the Inngest server makes it
 * (execution version 2, state sent in the request, `use_api: false`): 200 is the function's
 * result, 206 a list of step operations, 500 a retriable error, 400 or `x-inngest-no-retry:
 * true` an error not to retry. A network failure or any other status is retried.
 */
export async function callFunction(request: TCallRequest): Promise<TCallOutcome> {
  const url = new URL(request.url);
  url.searchParams.set("fnId", request.functionId);
  url.searchParams.set("stepId", request.stepId);
  const { body, headers } = signedJson(
    {
      event: request.event,
      events: request.events ?? [request.event],
      steps: request.steps,
      version: 2,
      ctx: {
        run_id: request.runId,
        attempt: request.attempt,
        max_attempts: request.maxAttempts,
        disable_immediate_execution: false,
        use_api: false,
        stack: { stack: request.stack, current: request.stack.length },
        ...(request.checkpointToken && {
          fn_id: request.functionId,
          qi_id: request.checkpointToken,
        }),
      },
    },
    request.signingKey,
  );
  let response: Response;
  try {
    response = await request.send(new Request(url, { method: "POST", headers, body }));
  } catch (error) {
    return {
      kind: "retry",
      error: { name: "Error", message: `Cannot reach ${url.origin}: ${String(error)}` },
    };
  }
  const text = await response.text();
  const payload = parseJson(text);
  const noRetry = response.headers.get("x-inngest-no-retry") === "true";
  const after = retryAfterMs(response.headers.get("retry-after"));
  if (response.status === 200) return { kind: "completed", data: payload };
  if (response.status === 206 && Array.isArray(payload)) {
    return { kind: "ops", ops: payload as TStepOp[], retryAfterMs: after };
  }
  if (response.status === 400 || noRetry) return { kind: "failed", error: payload };
  return {
    kind: "retry",
    error:
      response.status === 500
        ? payload
        : { name: "Error", message: `HTTP ${response.status}: ${text.slice(0, 500)}` },
    retryAfterMs: after,
  };
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return { name: "Error", message: text.slice(0, 2000) };
  }
}
