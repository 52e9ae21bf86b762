import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { timestampMs } from "./_columns";

export type TJobRunStatus = "queued" | "completed" | "failed" | "cancelled";

/** What the runner remembers of one step: its result, or the error it finally failed with. */
export type TJobStepState = { data: unknown } | { error: unknown };

/**
 * One run of one Inngest function in the embedded runner: its triggering event, the results of
 * its completed steps (memoized, so a step that finished is never executed again), and a lease
 * (`leaseToken`, `leaseUntil`) held by the process calling the function right now. A lease that
 * runs out without being renewed belongs to a process that died; the run is then claimed again.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: text().primaryKey(),
    /** `<appId>-<functionId>` as the SDK names it in `?fnId=`. */
    functionId: text().notNull(),
    eventId: text().notNull(),
    /** The first (or only) event: what the SDK's `event` argument holds. */
    event: jsonb().$type<Record<string, unknown>>().notNull(),
    /** A batch's events, in arrival order (the SDK's `events`); null for a run of one event. */
    events: jsonb().$type<Record<string, unknown>[]>(),
    status: text().$type<TJobRunStatus>().notNull().default("queued"),
    /** Due time: now, the end of a sleep, or the next retry. */
    runAt: timestampMs().notNull().defaultNow(),
    /** Attempt of the current step (reset when a step completes), as the SDK's `ctx.attempt`. */
    attempt: integer().notNull().default(0),
    steps: jsonb().$type<Record<string, TJobStepState>>().notNull().default({}),
    /** Hashed step ids in completion order: the SDK's `ctx.stack`. */
    stack: jsonb().$type<string[]>().notNull().default([]),
    concurrencyKey: text(),
    idempotencyKey: text(),
    /** `<functionId>:<key value>` of a debounced function's run, which later events extend. */
    debounceKey: text(),
    /** `<functionId>:<key value>` of a batch that is still filling (`batchEvents`). */
    batchKey: text(),
    leaseToken: text(),
    leaseUntil: timestampMs(),
    output: jsonb(),
    createdAt: timestampMs().notNull().defaultNow(),
    endedAt: timestampMs(),
  },
  (t) => [
    index("idx_job_runs_due").on(t.runAt).where(sql`status = 'queued'`),
    // At most one run of a concurrency key is being executed at any moment (limit 1).
    uniqueIndex("idx_job_runs_concurrency_held")
      .on(t.concurrencyKey)
      .where(sql`lease_token is not null and concurrency_key is not null`),
    uniqueIndex("idx_job_runs_idempotency")
      .on(t.functionId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
    uniqueIndex("idx_job_runs_on_function_event").on(t.functionId, t.eventId),
    index("idx_job_runs_queued_by_function").on(t.functionId).where(sql`status = 'queued'`),
    index("idx_job_runs_open_batch")
      .on(t.batchKey)
      .where(sql`batch_key is not null and status = 'queued'`),
  ],
);

export type TJobRunRow = typeof jobRuns.$inferSelect;
