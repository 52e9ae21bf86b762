import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Inngest, NonRetriableError } from "inngest";
import { serve } from "inngest/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TJobStepState } from "@/db/schema";
import { callFunction, type TCallRequest } from "./call-function";
import {
  inngestFetch,
  receiveCheckpoints,
  type TCheckpoint,
  type TCheckpointReceiver,
} from "./checkpoint-api";
import { generateSigningKey, signature } from "./signing";
import { syncFunctions } from "./sync-functions";

/**
 * The runner's side of the SDK protocol against the real inngest 4.x comm handler, served over
 * HTTP in this process: signing, in-band sync, and every answer the runner interprets.
 */
const signingKey = generateSigningKey();
const client = new Inngest({ id: "protocol-test", signingKey, isDev: false, fetch: inngestFetch });
const functions = [
  client.createFunction(
    { id: "two-steps", retries: 2, triggers: [{ event: "test/two.requested" }] },
    async ({ step }) => {
      const a = await step.run("a", () => 20);
      const b = await step.run("b", () => a + 1);
      return { answer: a + b + 1 };
    },
  ),
  client.createFunction(
    {
      id: "sleeper",
      triggers: [{ event: "test/sleep.requested" }],
      cancelOn: [{ event: "test/sleep.cancelled", match: "data.id" }],
      concurrency: { key: "event.data.account", limit: 1 },
      idempotency: "event.data.id",
      debounce: { period: "5s", timeout: "1m", key: "event.data.account" },
    },
    async ({ step }) => {
      await step.sleep("nap", "1m");
    },
  ),
  client.createFunction(
    {
      id: "throws",
      triggers: [{ event: "test/throw.requested" }],
      onFailure: async () => {},
    },
    async ({ step, event }) => {
      if (event.data.fatal) throw new NonRetriableError("no point retrying");
      await step.run("boom", () => {
        throw new Error("boom");
      });
    },
  ),
  client.createFunction(
    {
      id: "buffered",
      triggers: [{ event: "test/buffered.requested" }],
      checkpointing: { bufferedSteps: 2 },
    },
    async ({ step }) => ({ sent: await step.run("send", () => "ok") }),
  ),
  client.createFunction(
    { id: "parallel", triggers: [{ event: "test/parallel.requested" }] },
    async ({ step }) => Promise.all([step.run("left", () => "L"), step.run("right", () => "R")]),
  ),
];

let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer(serve({ client, functions }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/inngest`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const triggers: Record<string, string> = {
  "two-steps": "test/two.requested",
  sleeper: "test/sleep.requested",
  throws: "test/throw.requested",
  parallel: "test/parallel.requested",
  buffered: "test/buffered.requested",
};

const call = (fn: string, overrides: Partial<TCallRequest> = {}) =>
  callFunction({
    send: fetch,
    url,
    signingKey,
    functionId: `protocol-test-${fn}`,
    stepId: "step",
    runId: "run-test",
    event: { id: "evt-1", name: triggers[fn], data: {}, ts: Date.now() },
    steps: {},
    stack: [],
    attempt: 0,
    maxAttempts: 4,
    ...overrides,
  });

describe("in-band sync", () => {
  test("returns every function's configuration, read into the runner's terms", async () => {
    const synced = await syncFunctions(fetch, url, signingKey);
    const byId = Object.fromEntries(synced.map((fn) => [fn.id.replace("protocol-test-", ""), fn]));
    expect(byId["two-steps"]).toMatchObject({ events: ["test/two.requested"], maxAttempts: 3 });
    expect(byId.sleeper).toMatchObject({
      maxAttempts: 4,
      concurrencyKey: ["data", "account"],
      idempotencyKey: ["data", "id"],
      debounce: { periodMs: 5_000, timeoutMs: 60_000, key: ["data", "account"] },
      cancelOn: [
        {
          event: "test/sleep.cancelled",
          match: [{ runEventPath: ["data", "id"], incomingPath: ["data", "id"] }],
        },
      ],
    });
    expect(byId.throws?.failureFunctionId).toBe("protocol-test-throws-failure");
    expect(byId["throws-failure"]).toMatchObject({
      handlesFailuresOf: "protocol-test-throws",
      maxAttempts: 2,
    });
  });

  test("is refused with another signing key", async () => {
    await expect(syncFunctions(fetch, url, generateSigningKey())).rejects.toThrow(/HTTP 401/);
  });
});

describe("signatures", () => {
  const put = (header: string) =>
    fetch(url, {
      method: "PUT",
      headers: {
        "content-type": "application/json",
        "x-inngest-sync-kind": "in_band",
        "x-inngest-signature": header,
      },
      body: JSON.stringify({ url }),
    });

  test("a fresh signature over the canonical body is accepted", async () => {
    expect((await put(signature(JSON.stringify({ url }), signingKey))).status).toBe(200);
  });

  test("a signature older than five minutes, or over other bytes, is refused", async () => {
    const sixMinutesAgo = Date.now() - 6 * 60_000;
    expect((await put(signature(JSON.stringify({ url }), signingKey, sixMinutesAgo))).status).toBe(
      401,
    );
    expect((await put(signature(JSON.stringify({ url: `${url}?x` }), signingKey))).status).toBe(
      401,
    );
  });
});

describe("function calls", () => {
  test("steps run one per call and the function's result comes with 200", async () => {
    const steps: Record<string, TJobStepState> = {};
    const stack: string[] = [];
    const first = await call("two-steps");
    expect(first).toMatchObject({
      kind: "ops",
      ops: [{ op: "StepRun", data: 20, displayName: "a" }],
    });
    if (first.kind !== "ops") return;
    const a = first.ops[0] as { id: string; data: unknown };
    steps[a.id] = { data: a.data };
    stack.push(a.id);
    const second = await call("two-steps", { steps, stack });
    expect(second).toMatchObject({ kind: "ops", ops: [{ op: "StepRun", data: 21 }] });
    if (second.kind !== "ops") return;
    const b = second.ops[0] as { id: string; data: unknown };
    const done = await call("two-steps", {
      steps: { ...steps, [b.id]: { data: b.data } },
      stack: [...stack, b.id],
    });
    expect(done).toEqual({ kind: "completed", data: { answer: 42 } });
  });

  test("a sleep is reported with its duration", async () => {
    expect(await call("sleeper")).toMatchObject({
      kind: "ops",
      ops: [{ op: "Sleep", name: "1m" }],
    });
  });

  test("a throwing step is StepError until the last attempt, then StepFailed", async () => {
    expect(await call("throws")).toMatchObject({
      kind: "ops",
      ops: [{ op: "StepError", error: { message: "boom" } }],
    });
    expect(await call("throws", { attempt: 3 })).toMatchObject({
      kind: "ops",
      ops: [{ op: "StepFailed" }],
    });
  });

  test("NonRetriableError is a failure not to retry", async () => {
    const fatal = {
      id: "evt-2",
      name: "test/throw.requested",
      data: { fatal: true },
      ts: Date.now(),
    };
    expect(await call("throws", { event: fatal })).toMatchObject({
      kind: "failed",
      error: { message: "no point retrying" },
    });
  });

  test("parallel steps are planned, then each is run by its id", async () => {
    const planned = await call("parallel");
    expect(planned).toMatchObject({
      kind: "ops",
      ops: [{ op: "StepPlanned" }, { op: "StepPlanned" }],
    });
    if (planned.kind !== "ops") return;
    const ran = await call("parallel", { stepId: planned.ops[1]?.id });
    expect(ran).toMatchObject({
      kind: "ops",
      ops: [{ op: "StepRun", id: planned.ops[1]?.id, data: "R" }],
    });
  });

  test("a call signed with another key is retried, not run", async () => {
    expect(await call("two-steps", { signingKey: generateSigningKey() })).toMatchObject({
      kind: "retry",
    });
  });
});

describe("async checkpointing (calls carrying fn_id and qi_id)", () => {
  const checkpointing = async (
    answer: Awaited<ReturnType<TCheckpointReceiver>>,
    fn = "two-steps",
  ) => {
    const received: TCheckpoint[] = [];
    const stop = receiveCheckpoints(async (checkpoint) => {
      received.push(checkpoint);
      return answer;
    });
    try {
      const outcome = await call(fn, { checkpointToken: "lease-1" });
      return { outcome, received };
    } finally {
      stop();
    }
  };
  const summary = (checkpoint: TCheckpoint) => ({
    runId: checkpoint.runId,
    leaseToken: checkpoint.leaseToken,
    steps: checkpoint.steps.map(({ op, displayName, data }) => ({ op, displayName, data })),
  });

  test("each step is checkpointed before the next runs, and one call finishes the run", async () => {
    const { outcome, received } = await checkpointing("saved");
    expect(received.map(summary)).toEqual([
      {
        runId: "run-test",
        leaseToken: "lease-1",
        steps: [{ op: "StepRun", displayName: "a", data: 20 }],
      },
      {
        runId: "run-test",
        leaseToken: "lease-1",
        steps: [{ op: "StepRun", displayName: "b", data: 21 }],
      },
    ]);
    expect(outcome).toMatchObject({
      kind: "ops",
      ops: [{ op: "RunComplete", data: { answer: 42 } }],
    });
  });

  test("a buffered step is not checkpointed on its own: it comes with the run's end", async () => {
    const { outcome, received } = await checkpointing("saved", "buffered");
    expect(received).toHaveLength(0);
    expect(outcome).toMatchObject({
      kind: "ops",
      ops: [
        { op: "StepRun", displayName: "send", data: "ok" },
        { op: "RunComplete", data: { sent: "ok" } },
      ],
    });
  });

  test("a stale checkpoint (the lease is lost) stops the function before its next step", async () => {
    const { outcome, received } = await checkpointing("stale");
    expect(received).toHaveLength(1);
    expect(outcome.kind).toBe("failed");
  });

  test("when no runner holds the run, the SDK answers with the step as without checkpointing", async () => {
    const { outcome, received } = await checkpointing("unknown");
    expect(received.length).toBeGreaterThan(1);
    expect(new Set(received.map((checkpoint) => checkpoint.steps[0]?.displayName))).toEqual(
      new Set(["a"]),
    );
    expect(outcome).toMatchObject({
      kind: "ops",
      ops: [{ op: "StepRun", data: 20, displayName: "a" }],
    });
  });
});
