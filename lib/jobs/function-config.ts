import { parseCron, type TCronSchedule } from "@/config/cron-expression";
import {
  parseCancelExpression,
  parseEventPath,
  type TCancelMatch,
  type TEventPath,
} from "./expressions";
import { sleepMs } from "./timing";

/** A function as the embedded runner understands it, built from the SDK's in-band sync. */
export type TJobFunction = {
  /** `<appId>-<functionId>`, the `fnId` the handler is called with. */
  id: string;
  events: string[];
  /** Cron triggers: a run starts at every tick (UTC). */
  crons: TCronSchedule[];
  /** Retries + 1 (Inngest's default is 3 retries). */
  maxAttempts: number;
  cancelOn: { event: string; match: TCancelMatch }[];
  concurrencyKey?: TEventPath;
  idempotencyKey?: TEventPath;
  /** Inngest's debounce: one run per burst of events (per key), started `periodMs` after the last. */
  debounce?: { periodMs: number; timeoutMs?: number; key?: TEventPath };
  /**
   * Inngest's batchEvents: events (per key) collect into one run, which starts when it holds
   * `maxSize` of them or `timeoutMs` after the first.
   */
  batch?: { maxSize: number; timeoutMs: number; key?: TEventPath };
  /** The `-failure` companion that runs after this function finally fails. */
  failureFunctionId?: string;
  /** Set on a companion: the function whose failures it handles. */
  handlesFailuresOf?: string;
};

export const FUNCTION_FAILED_EVENT = "inngest/function.failed";
const DEFAULT_RETRIES = 3;

type TRawTrigger = { event?: string; expression?: string; cron?: string };
type TRawConcurrency = { limit: number; key?: string; scope?: string };
export type TRawFunctionConfig = {
  id: string;
  triggers?: TRawTrigger[];
  steps?: Record<string, { retries?: { attempts?: number } }>;
  cancel?: { event: string; if?: string; timeout?: string }[];
  concurrency?: number | TRawConcurrency | TRawConcurrency[];
  idempotency?: string;
  debounce?: { period: string; key?: string; timeout?: string };
  batchEvents?: { maxSize: number; timeout: string; key?: string; if?: string };
  [option: string]: unknown;
};

// Options the embedded runner does not implement; a function that declares one is refused.
const UNSUPPORTED = ["rateLimit", "throttle", "singleton", "timeouts", "priority"] as const;

/** Thrown at start-up when a function declares something the embedded runner cannot honour. */
export class UnsupportedFunctionOptions extends Error {}

const failureTrigger = /^event\.data\.function_id == '([^']+)'$/;

/**
 * Turns the synced configuration into runner functions. Every option the runner cannot honour
 * is collected and thrown as one error, so a function never runs with a setting ignored.
 */
export function toJobFunctions(configs: TRawFunctionConfig[]): TJobFunction[] {
  const problems: string[] = [];
  const functions = configs.map((config) =>
    parseOne(config, (problem) => problems.push(`${config.id}: ${problem}`)),
  );
  if (problems.length > 0) {
    throw new UnsupportedFunctionOptions(
      `The embedded job runner cannot honour these function options (set INNGEST_EVENT_KEY and INNGEST_SIGNING_KEY to use Inngest, or change the function):\n  ${problems.join("\n  ")}`,
    );
  }
  const byId = new Map(functions.map((fn) => [fn.id, fn]));
  for (const fn of functions) {
    if (!fn.handlesFailuresOf) continue;
    const parent = byId.get(fn.handlesFailuresOf);
    if (parent) parent.failureFunctionId = fn.id;
  }
  return functions;
}

function parseOne(config: TRawFunctionConfig, refuse: (problem: string) => void): TJobFunction {
  for (const option of UNSUPPORTED) {
    if (config[option] !== undefined && config[option] !== null) refuse(`option "${option}"`);
  }
  const fn: TJobFunction = {
    id: config.id,
    events: [],
    crons: [],
    maxAttempts: (config.steps?.step?.retries?.attempts ?? DEFAULT_RETRIES) + 1,
    cancelOn: [],
  };
  for (const trigger of config.triggers ?? []) {
    if (trigger.cron !== undefined) {
      const schedule = parseCron(trigger.cron);
      if (typeof schedule === "string") refuse(`cron trigger "${trigger.cron}": ${schedule}`);
      else fn.crons.push(schedule);
    } else if (trigger.event === FUNCTION_FAILED_EVENT) {
      const parent = failureTrigger.exec(trigger.expression ?? "")?.[1];
      if (parent) fn.handlesFailuresOf = parent;
      else refuse(`trigger on ${FUNCTION_FAILED_EVENT} with "${trigger.expression}"`);
    } else if (trigger.event) {
      if (trigger.expression) refuse(`trigger condition "${trigger.expression}"`);
      fn.events.push(trigger.event);
    }
  }
  for (const cancel of config.cancel ?? []) {
    if (cancel.timeout) refuse(`cancelOn timeout "${cancel.timeout}"`);
    const match = cancel.if ? parseCancelExpression(cancel.if) : undefined;
    if (!match)
      refuse(
        `cancelOn "${cancel.event}" needs "async.data.X == event.data.Y", got "${cancel.if ?? ""}"`,
      );
    else fn.cancelOn.push({ event: cancel.event, match });
  }
  if (config.concurrency !== undefined && config.concurrency !== null) {
    const concurrency = config.concurrency;
    const key =
      typeof concurrency === "object" &&
      !Array.isArray(concurrency) &&
      concurrency.limit === 1 &&
      (concurrency.scope ?? "fn") === "fn" &&
      concurrency.key
        ? parseEventPath(concurrency.key)
        : undefined;
    if (key) fn.concurrencyKey = key;
    else
      refuse(`concurrency ${JSON.stringify(concurrency)} (only {key: "event.data.X", limit: 1})`);
  }
  if (config.idempotency) {
    const key = parseEventPath(config.idempotency);
    if (key) fn.idempotencyKey = key;
    else refuse(`idempotency "${config.idempotency}" (only "event.data.X")`);
  }
  if (config.debounce) {
    const { period, key, timeout } = config.debounce;
    const keyPath = key === undefined ? undefined : parseEventPath(key);
    if (key !== undefined && !keyPath) refuse(`debounce key "${key}" (only "event.data.X")`);
    fn.debounce = {
      periodMs: sleepMs(period),
      timeoutMs: timeout === undefined ? undefined : sleepMs(timeout),
      key: keyPath,
    };
  }
  if (config.batchEvents) parseBatch(fn, config.batchEvents, refuse);
  return fn;
}

/**
 * A batch is one run of many events, so what is decided per event elsewhere (cancelling,
 * idempotency, concurrency and debounce keys) is refused beside it, as Inngest does.
 */
function parseBatch(
  fn: TJobFunction,
  batch: NonNullable<TRawFunctionConfig["batchEvents"]>,
  refuse: (problem: string) => void,
) {
  const { maxSize, timeout, key, if: condition } = batch;
  const keyPath = key === undefined ? undefined : parseEventPath(key);
  if (key !== undefined && !keyPath) refuse(`batchEvents key "${key}" (only "event.data.X")`);
  if (condition !== undefined) refuse(`batchEvents if "${condition}"`);
  if (!Number.isInteger(maxSize) || maxSize < 1) refuse(`batchEvents maxSize ${maxSize}`);
  for (const [option, present] of [
    ["cancelOn", fn.cancelOn.length > 0],
    ["idempotency", fn.idempotencyKey !== undefined],
    ["concurrency", fn.concurrencyKey !== undefined],
    ["debounce", fn.debounce !== undefined],
  ] as const) {
    if (present) refuse(`${option} together with batchEvents`);
  }
  fn.batch = { maxSize, timeoutMs: sleepMs(timeout), key: keyPath };
}
