import { randomUUID } from "node:crypto";
import { describe, expect, test } from "vitest";
import { rawSql } from "@/db/client";
import type { TJobFunction } from "@/lib/jobs/function-config";
import { ingestEvents } from "@/lib/jobs/ingest-events";
import { eventually } from "../support/api";
import { APP_ID, diagnosticLog, enqueue, findRun, readLog, runReaching } from "../support/jobs";

/**
 * The embedded runner against the real `/api/inngest` handler of the production build: outbox
 * row → dispatcher → run → signed in-process calls → step results in the database. The server
 * runs the diagnostic functions (JOBS_TEST_FUNCTIONS=1) with retries scaled to milliseconds.
 */
describe("embedded job runner", () => {
  test("a multi-step function completes, each step run once and its result stored", async () => {
    const log = diagnosticLog();
    const eventId = await enqueue("diag/steps.requested", { log });
    const run = await runReaching(eventId, "diag-steps", "completed");
    expect(run.output).toEqual({ total: 6 });
    expect(Object.values(run.steps)).toEqual(
      expect.arrayContaining([{ data: { n: 1 } }, { data: { n: 2 } }, { data: { n: 3 } }]),
    );
    expect(run.stack).toHaveLength(3);
    expect(readLog(log).map((entry) => entry.step)).toEqual(["a", "b", "c"]);
  });

  test("a step that throws is retried with backoff and then succeeds", async () => {
    const log = diagnosticLog();
    const eventId = await enqueue("diag/flaky.requested", { log, failTimes: 2 });
    const run = await runReaching(eventId, "diag-flaky", "completed");
    expect(run.output).toEqual({ succeededOnAttempt: 2 });
    expect(readLog(log).map((entry) => entry.attempt)).toEqual([0, 1, 2]);
  });

  test("a function that always fails exhausts its retries, then its failure handler runs", async () => {
    const log = diagnosticLog();
    const eventId = await enqueue("diag/doomed.requested", { log });
    const run = await runReaching(eventId, "diag-doomed", "failed");
    expect(run.output).toMatchObject({ name: "Error", message: "always fails" });
    const failure = await runReaching(`failed-${run.id}`, "diag-doomed-failure", "completed");
    expect(failure.event).toMatchObject({
      name: "inngest/function.failed",
      data: { function_id: `${APP_ID}-diag-doomed`, run_id: run.id, event: { id: eventId } },
    });
    // retries: 1 → two attempts of the step, then the handler, once.
    expect(readLog(log).map((entry) => [entry.step, entry.attempt ?? entry.message])).toEqual([
      ["doomed", 0],
      ["doomed", 1],
      ["on-failure", "always fails"],
    ]);
  });

  test("step.sleep holds the run for its duration", async () => {
    const log = diagnosticLog();
    const eventId = await enqueue("diag/sleeper.requested", {
      log,
      duration: "2s",
      token: randomUUID(),
    });
    await runReaching(eventId, "diag-sleeper", "completed");
    const [before, after] = readLog(log);
    expect([before?.step, after?.step]).toEqual(["before", "after"]);
    expect((after?.at ?? 0) - (before?.at ?? 0)).toBeGreaterThanOrEqual(2_000);
  });

  test("cancelOn cancels a sleeping run whose event matches, and only that one", async () => {
    const log = diagnosticLog();
    const [token, other] = [randomUUID(), randomUUID()];
    const target = await enqueue("diag/sleeper.requested", { log, duration: "1h", token });
    const bystander = await enqueue("diag/sleeper.requested", {
      log,
      duration: "1h",
      token: other,
    });
    await eventually(async () => expect(readLog(log)).toHaveLength(2), 20_000);
    await eventually(async () => {
      const run = await findRun(target, "diag-sleeper");
      expect(run?.stack).toHaveLength(2); // "before" and the sleep itself are stored
    });
    const cancel = await enqueue("diag/sleeper.cancelled", { log, token });
    const cancelled = await runReaching(target, "diag-sleeper", "cancelled");
    expect(cancelled.output).toEqual({ cancelledBy: cancel });
    expect((await findRun(bystander, "diag-sleeper"))?.status).toBe("queued");
    expect(readLog(log).map((entry) => entry.step)).toEqual(["before", "before"]);
  });

  test("runs sharing a concurrency key execute one at a time", async () => {
    const log = diagnosticLog();
    const key = randomUUID();
    const ids = await Promise.all(
      [1, 2, 3].map((n) => enqueue("diag/serial.requested", { log, key, holdMs: 300, n })),
    );
    for (const id of ids) await runReaching(id, "diag-serial", "completed");
    const entries = readLog(log);
    expect(entries.map((entry) => entry.step)).toEqual([
      "start",
      "end",
      "start",
      "end",
      "start",
      "end",
    ]);
    for (let i = 2; i < entries.length; i += 2) {
      expect(entries[i]?.at).toBeGreaterThanOrEqual(entries[i - 1]?.at ?? Infinity);
    }
  });

  test("batched events run together once the batch is full; a partial batch waits its timeout", async () => {
    const log = diagnosticLog();
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4]) ids.push(await enqueue("diag/batched.requested", { log, n }));
    const run = await runReaching(ids[0]!, "diag-batched", "completed");
    expect(run.events?.map((event) => event.id)).toEqual(ids.slice(0, 3));
    expect(readLog(log).map(({ step, events }) => ({ step, events }))).toEqual([
      { step: "all", events: [1, 2, 3] },
    ]);
    const waiting = await eventually(async () => {
      const [row] = await rawSql()<{ status: string; size: number; due_in_s: number }[]>`
        select status, jsonb_array_length(events) as size,
          extract(epoch from run_at - now())::float8 as due_in_s
        from job_runs where event_id = ${ids[3]!}`;
      if (!row) throw new Error("the fourth event's batch is not there yet");
      return row;
    });
    expect(waiting).toMatchObject({ status: "queued", size: 1 });
    expect(waiting.due_in_s).toBeGreaterThan(50);
    await rawSql()`delete from job_runs where event_id = ${ids[3]!}`;
  });

  test("a batch takes events until full, then opens another; a claimed batch takes no more", async () => {
    const fn: TJobFunction = {
      id: `test-batch-${randomUUID()}`,
      events: ["test/batch.requested"],
      maxAttempts: 1,
      cancelOn: [],
      crons: [],
      batch: { maxSize: 3, timeoutMs: 60_000, key: ["data", "account"] },
    };
    const event = (account: string) => ({
      id: randomUUID(),
      name: "test/batch.requested",
      data: { account },
      ts: Date.now(),
    });
    const batches = () =>
      rawSql()<{ ids: string[]; due_in_s: number }[]>`
        select array(select e->>'id' from jsonb_array_elements(events) as e) as ids,
          extract(epoch from run_at - now())::float8 as due_in_s
        from job_runs where function_id = ${fn.id}`;
    const batchOf = async (first: { id: string }) =>
      (await batches()).find((row) => row.ids[0] === first.id);
    const [a1, a2, b1, a3, a4, a5, a6] = [
      event("a"),
      event("a"),
      event("b"),
      event("a"),
      event("a"),
      event("a"),
      event("a"),
    ] as const;
    const started = await rawSql().begin(async (tx) => [
      await ingestEvents(tx, [a1, a2, b1], [fn]),
      await ingestEvents(tx, [a3, a4], [fn]),
    ]);
    expect(started).toEqual([2, 1]);
    const full = await batchOf(a1);
    expect(full?.ids).toEqual([a1.id, a2.id, a3.id]);
    expect(full!.due_in_s).toBeLessThan(1);
    expect((await batchOf(b1))?.ids).toEqual([b1.id]);
    const partial = await batchOf(a4);
    expect(partial?.ids).toEqual([a4.id]);
    expect(partial!.due_in_s).toBeGreaterThan(50);

    // Once a process has claimed the partial batch, later events open a batch of their own.
    await rawSql()`update job_runs set lease_token = 'taken', lease_until = now() + interval '1 minute'
      where function_id = ${fn.id} and event_id = ${a4.id}`;
    expect(await rawSql().begin((tx) => ingestEvents(tx, [a5, a6], [fn]))).toBe(1);
    expect((await batches()).map((row) => row.ids)).toHaveLength(4);
    expect((await batchOf(a4))?.ids).toEqual([a4.id]);
    expect((await batchOf(a5))?.ids).toEqual([a5.id, a6.id]);
    await rawSql()`delete from job_runs where function_id = ${fn.id}`;
  });

  test("an event delivered twice starts one run, and idempotency keys start one run per key", async () => {
    const fn: TJobFunction = {
      id: `test-intake-${randomUUID()}`,
      events: ["test/intake.requested"],
      maxAttempts: 1,
      cancelOn: [],
      crons: [],
      idempotencyKey: ["data", "orderId"],
    };
    const event = (id: string, orderId: string) => ({
      id,
      name: "test/intake.requested",
      data: { orderId },
      ts: Date.now(),
    });
    const [first, second] = [randomUUID(), randomUUID()];
    const started = await rawSql().begin(async (tx) => [
      await ingestEvents(tx, [event(first, "o-1")], [fn]),
      await ingestEvents(tx, [event(first, "o-1")], [fn]),
      await ingestEvents(tx, [event(second, "o-1"), event(randomUUID(), "o-2")], [fn]),
    ]);
    expect(started).toEqual([1, 0, 1]);
    const runs = await rawSql()`select event_id from job_runs where function_id = ${fn.id}`;
    expect(runs).toHaveLength(2);
    expect(runs.map((run) => run.event_id)).toContain(first);
  });
  test("a debounced function gets one waiting run per key, carrying the latest event", async () => {
    const fn: TJobFunction = {
      id: `test-debounce-${randomUUID()}`,
      events: ["test/debounce.requested"],
      maxAttempts: 1,
      cancelOn: [],
      crons: [],
      debounce: { periodMs: 60_000, timeoutMs: 120_000, key: ["data", "account"] },
    };
    const event = (account: string) => ({
      id: randomUUID(),
      name: "test/debounce.requested",
      data: { account },
      ts: Date.now(),
    });
    const burst = [event("a"), event("a"), event("b"), event("a")];
    const started = await rawSql().begin(async (tx) => {
      const counts = [];
      for (const e of burst) counts.push(await ingestEvents(tx, [e], [fn]));
      return counts;
    });
    expect(started).toEqual([1, 0, 1, 0]);
    const runs = await rawSql()<{ event_id: string; due_in_s: number }[]>`
      select event_id, extract(epoch from run_at - now())::float8 as due_in_s
      from job_runs where function_id = ${fn.id} order by created_at, event_id`;
    expect(runs.map((run) => run.event_id).sort()).toEqual([burst[2]?.id, burst[3]?.id].sort());
    for (const run of runs) expect(run.due_in_s).toBeGreaterThan(50);

    // The same burst in one batch (handed over once per key) leaves the same runs.
    await rawSql()`delete from job_runs where function_id = ${fn.id}`;
    const batch = [event("a"), event("b"), event("a"), event("a")];
    expect(await rawSql().begin((tx) => ingestEvents(tx, batch, [fn]))).toBe(2);
    const batchRuns = await rawSql()<{ event_id: string }[]>`
      select event_id from job_runs where function_id = ${fn.id}`;
    expect(batchRuns.map((run) => run.event_id).sort()).toEqual(
      [batch[1]?.id, batch[3]?.id].sort(),
    );

    // Once a process has claimed the waiting run, a later event starts a run of its own.
    await rawSql()`update job_runs set lease_token = 'taken', lease_until = now() + interval '1 minute'
      where function_id = ${fn.id} and event_id = ${batch[3]?.id ?? ""}`;
    expect(await rawSql().begin((tx) => ingestEvents(tx, [event("a")], [fn]))).toBe(1);
    await rawSql()`delete from job_runs where function_id = ${fn.id}`;
  });
});
