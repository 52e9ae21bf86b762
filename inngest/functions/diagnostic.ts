import { appendFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { inngest } from "@/inngest/client";

/**
 * Functions that exercise the background-work engine end to end (steps, retries, failure
 * handler, sleep, cancelOn, concurrency, batches, crash recovery). Served only with JOBS_TEST_FUNCTIONS=1,
 * which the test servers set. Every step execution appends a JSON line to the file named by
 * `event.data.log`, so a test in another process can count executions.
 */
type TDiagnosticData = { log: string; [key: string]: unknown };

const record = (data: TDiagnosticData, entry: Record<string, unknown>) =>
  appendFileSync(data.log, `${JSON.stringify({ ...entry, pid: process.pid, at: Date.now() })}\n`);

const steps = inngest.createFunction(
  { id: "diag-steps", triggers: [{ event: "diag/steps.requested" }] },
  async ({ event, step }) => {
    const data = event.data as TDiagnosticData;
    const a = await step.run("a", () => {
      record(data, { step: "a" });
      return { n: 1 };
    });
    const b = await step.run("b", () => {
      record(data, { step: "b" });
      return { n: a.n + 1 };
    });
    const c = await step.run("c", () => {
      record(data, { step: "c" });
      return { n: b.n + 1 };
    });
    return { total: a.n + b.n + c.n };
  },
);

const flaky = inngest.createFunction(
  { id: "diag-flaky", retries: 3, triggers: [{ event: "diag/flaky.requested" }] },
  async ({ event, step, attempt }) => {
    const data = event.data as TDiagnosticData & { failTimes: number };
    return step.run("flaky", () => {
      record(data, { step: "flaky", attempt });
      if (attempt < data.failTimes) throw new Error(`failing on purpose, attempt ${attempt}`);
      return { succeededOnAttempt: attempt };
    });
  },
);

const doomed = inngest.createFunction(
  {
    id: "diag-doomed",
    retries: 1,
    triggers: [{ event: "diag/doomed.requested" }],
    onFailure: async ({ event, error }) => {
      const original = event.data.event.data as TDiagnosticData;
      record(original, { step: "on-failure", message: error.message });
    },
  },
  async ({ event, step, attempt }) => {
    const data = event.data as TDiagnosticData;
    await step.run("doomed", () => {
      record(data, { step: "doomed", attempt });
      throw new Error("always fails");
    });
  },
);

const sleeper = inngest.createFunction(
  {
    id: "diag-sleeper",
    triggers: [{ event: "diag/sleeper.requested" }],
    cancelOn: [{ event: "diag/sleeper.cancelled", if: "async.data.token == event.data.token" }],
  },
  async ({ event, step }) => {
    const data = event.data as TDiagnosticData & { duration: string };
    await step.run("before", () => record(data, { step: "before" }));
    await step.sleep("nap", data.duration);
    await step.run("after", () => record(data, { step: "after" }));
  },
);

const serial = inngest.createFunction(
  {
    id: "diag-serial",
    concurrency: { key: "event.data.key", limit: 1 },
    triggers: [{ event: "diag/serial.requested" }],
  },
  async ({ event, step }) => {
    const data = event.data as TDiagnosticData & { holdMs: number };
    await step.run("hold", async () => {
      record(data, { step: "start" });
      await delay(data.holdMs);
      record(data, { step: "end" });
    });
  },
);

const crashable = inngest.createFunction(
  { id: "diag-crashable", triggers: [{ event: "diag/crashable.requested" }] },
  async ({ event, step }) => {
    const data = event.data as TDiagnosticData & { holdMs: number };
    await step.run("one", () => record(data, { step: "one" }));
    await step.run("two", async () => {
      record(data, { step: "two-started" });
      await delay(data.holdMs);
    });
    await step.run("three", () => record(data, { step: "three" }));
    return "finished";
  },
);

const batched = inngest.createFunction(
  {
    id: "diag-batched",
    triggers: [{ event: "diag/batched.requested" }],
    batchEvents: { maxSize: 3, timeout: "60s", key: "event.data.log" },
  },
  async ({ events, step }) => {
    const data = events[0]!.data as TDiagnosticData;
    await step.run("all", () =>
      record(data, { step: "all", events: events.map((event) => event.data.n) }),
    );
  },
);

/** Minimal functions for `npm run bench:jobs`: one step, and three steps. */
const benchOne = inngest.createFunction(
  { id: "bench-one-step", triggers: [{ event: "bench/one.requested" }] },
  async ({ event, step }) => step.run("only", () => ({ i: event.data.i })),
);

const benchThree = inngest.createFunction(
  { id: "bench-three-steps", triggers: [{ event: "bench/three.requested" }] },
  async ({ event, step }) => {
    const a = await step.run("a", () => 1);
    const b = await step.run("b", () => a + 1);
    const c = await step.run("c", () => b + 1);
    return { i: event.data.i, sum: a + b + c };
  },
);

export const diagnosticFunctions = [
  steps,
  flaky,
  doomed,
  sleeper,
  serial,
  crashable,
  batched,
  benchOne,
  benchThree,
];
