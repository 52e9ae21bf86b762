import type postgres from "postgres";
import type { TJobStepState } from "@/db/schema";
import { recordJobRun } from "@/lib/observability/record-job-run";

/** A claimed run, as the runner holds it in memory while it drives the function. */
export type TClaimedRun = {
  id: string;
  functionId: string;
  event: Record<string, unknown>;
  /** A batch's events; null for a run of one event. */
  events: Record<string, unknown>[] | null;
  attempt: number;
  steps: Record<string, TJobStepState>;
  stack: string[];
  leaseToken: string;
};

const returning = `id, function_id as "functionId", event, events, attempt, steps, stack, lease_token as "leaseToken"`;

/**
 * Claims up to `limit` due runs for this process, in one statement: queued, due, not leased by
 * a live process, and not sharing a concurrency key with a run another call is executing. Rows
 * are taken with FOR UPDATE SKIP LOCKED, so processes claiming at once never get the same run;
 * two runs of one key in the same batch keep only the first, and a key taken by another
 * process meanwhile surfaces as a unique violation (the caller claims again).
 */
export async function claimRuns(
  sql: postgres.Sql,
  { limit, leaseMs, leaseToken }: { limit: number; leaseMs: number; leaseToken: string },
): Promise<TClaimedRun[]> {
  const claimed = await sql.unsafe(
    `with due as materialized (
       select id as due_id, concurrency_key as due_key, run_at as due_at from job_runs r
       where status = 'queued' and run_at <= now()
         and (lease_token is null or lease_until < now())
         and (concurrency_key is null or lease_token is not null or not exists (
           select 1 from job_runs held
           where held.concurrency_key = r.concurrency_key and held.lease_token is not null))
       order by run_at
       limit $3
       for update skip locked),
     picked as (
       select due_id from due where due_key is null
       union all
       select * from (select distinct on (due_key) due_id from due
                      where due_key is not null order by due_key, due_at) first_of_key)
     update job_runs set lease_token = $1, lease_until = now() + $2 * interval '1 millisecond'
     from picked where id = picked.due_id
     returning ${returning}`,
    [leaseToken, leaseMs, limit],
  );
  return claimed as unknown as TClaimedRun[];
}

/** Keeps the leases of runs whose calls are still in flight. */
export async function renewLeases(sql: postgres.Sql, tokens: string[], leaseMs: number) {
  if (tokens.length === 0) return;
  await sql`update job_runs set lease_until = now() + ${leaseMs} * interval '1 millisecond'
    where lease_token = any(${tokens}) and status = 'queued'`;
}

/** Hands runs back at once (a stopping process): another process may claim them now. */
export async function releaseLeases(sql: postgres.Sql, tokens: string[]) {
  if (tokens.length === 0) return;
  await sql`update job_runs set lease_until = now()
    where lease_token = any(${tokens}) and status = 'queued'`;
}

/**
 * Stores completed steps before anything else happens, and either keeps the lease (the run
 * continues in this process at once) or releases it with a due time (a sleep, a retry).
 * False when the lease was lost: the run was cancelled or another process took it over.
 */
export async function saveProgress(
  sql: postgres.Sql,
  run: TClaimedRun,
  change: {
    steps: Record<string, TJobStepState>;
    stack: string[];
    attempt: number;
    leaseMs: number;
    /** Release the lease and run again this many milliseconds from now. */
    delayMs?: number;
  },
): Promise<boolean> {
  const rows =
    change.delayMs !== undefined
      ? await sql`update job_runs set steps = steps || ${JSON.stringify(change.steps)}::jsonb,
        stack = stack || ${JSON.stringify(change.stack)}::jsonb, attempt = ${change.attempt},
        run_at = now() + ${change.delayMs} * interval '1 millisecond', lease_token = null, lease_until = null
      where id = ${run.id} and lease_token = ${run.leaseToken} and status = 'queued' returning 1`
      : await sql`update job_runs set steps = steps || ${JSON.stringify(change.steps)}::jsonb,
        stack = stack || ${JSON.stringify(change.stack)}::jsonb, attempt = ${change.attempt},
        lease_until = now() + ${change.leaseMs} * interval '1 millisecond'
      where id = ${run.id} and lease_token = ${run.leaseToken} and status = 'queued' returning 1`;
  return rows.length === 1;
}

/**
 * Ends a run with its result or final error. A failed run of a function that has an
 * `onFailure` handler starts its `-failure` companion with `inngest/function.failed`, in the
 * same transaction, so the handler runs exactly when the failure is recorded.
 */
export async function finishRun(
  sql: postgres.Sql,
  run: TClaimedRun,
  end: {
    status: "completed" | "failed";
    output: unknown;
    failureFunctionId?: string;
    /** Steps that arrived together with the run's end (buffered checkpoints). */
    steps?: Record<string, TJobStepState>;
    stack?: string[];
  },
): Promise<boolean> {
  const startsCompanion = end.status === "failed" && end.failureFunctionId !== undefined;
  const write = async (tx: postgres.Sql | postgres.TransactionSql) => {
    const ended = await tx`update job_runs set status = ${end.status},
        output = ${JSON.stringify(end.output ?? null)}::jsonb, ended_at = now(),
        steps = steps || ${JSON.stringify(end.steps ?? {})}::jsonb,
        stack = stack || ${JSON.stringify(end.stack ?? [])}::jsonb,
        lease_token = null, lease_until = null
      where id = ${run.id} and lease_token = ${run.leaseToken} and status = 'queued' returning 1`;
    if (ended.length === 0) return false;
    if (startsCompanion) {
      const eventId = `failed-${run.id}`;
      const event = {
        id: eventId,
        name: "inngest/function.failed",
        data: { function_id: run.functionId, run_id: run.id, error: end.output, event: run.event },
        ts: Date.now(),
      };
      await tx`insert into job_runs (id, function_id, event_id, event)
        values (${`${run.id}-failure`}, ${end.failureFunctionId ?? ""}, ${eventId}, ${JSON.stringify(event)}::jsonb)
        on conflict do nothing`;
    }
    return true;
  };
  // One statement needs no transaction; the hot path (a completed run) stays one round trip.
  const ended = await (startsCompanion ? (sql.begin(write) as Promise<boolean>) : write(sql));
  if (ended) {
    recordJobRun({
      runId: run.id,
      functionId: run.functionId,
      eventName: run.event.name,
      outcome: end.status,
      attempt: run.attempt,
    });
  }
  return ended;
}
