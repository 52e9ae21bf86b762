import type postgres from "postgres";
import { newId } from "@/lib/ids";
import { type TEventPath, valueAt } from "./expressions";
import type { TJobFunction } from "./function-config";
import { jobsSettings } from "./timing";

export type TJobEvent = { id: string; name: string; data: Record<string, unknown>; ts: number };

/**
 * The embedded runner's event intake, inside the caller's transaction: stores each event once
 * (its id is the outbox row's id, so a repeat is ignored), starts one run per function it
 * triggers (or hands it to a debounced function's waiting run, or adds it to a batch), and
 * cancels the queued runs its `cancelOn` rules match.
 */
export async function ingestEvents(
  tx: postgres.TransactionSql,
  events: TJobEvent[],
  functions: TJobFunction[],
): Promise<number> {
  if (events.length === 0) return 0;
  const triggered = (batch: TJobEvent[]) =>
    batch.flatMap((event) =>
      functions.filter((fn) => fn.events.includes(event.name)).map((fn) => ({ fn, event })),
    );
  const runs = triggered(events)
    .filter(({ fn }) => !fn.debounce && !fn.batch)
    .map(({ fn, event }) => ({
      id: newId("run"),
      function_id: fn.id,
      event_id: event.id,
      event,
      concurrency_key: fn.concurrencyKey
        ? `${fn.id}:${JSON.stringify(valueAt(event, fn.concurrencyKey) ?? null)}`
        : null,
      idempotency_key: keyOf(event, fn.idempotencyKey),
    }));
  // The events and the runs they start, in one statement: only an event stored now (not a
  // repeat) starts anything.
  const [stored] = await tx<{ fresh: string[]; started: number }[]>`
    with fresh as (
      insert into job_events ${tx(events.map((e) => ({ id: e.id, name: e.name, data: JSON.stringify(e.data), ts: e.ts })))}
      on conflict (id) do nothing returning id),
    started as (
      insert into job_runs (id, function_id, event_id, event, concurrency_key, idempotency_key)
      select r.id, r.function_id, r.event_id, r.event, r.concurrency_key, r.idempotency_key
      from jsonb_to_recordset(${JSON.stringify(runs)}::jsonb) as r(id text, function_id text,
        event_id text, event jsonb, concurrency_key text, idempotency_key text)
      where r.event_id in (select id from fresh)
      on conflict do nothing returning 1)
    select array(select id from fresh) as fresh, (select count(*) from started)::int as started`;
  const fresh = new Set(stored?.fresh);
  const freshEvents = events.filter((event) => fresh.has(event.id));
  let started = stored?.started ?? 0;
  // A debounced run keeps only the latest event of its key, so of a batch's events for one key
  // only the last is handed over: the same run results as from handing over each in turn.
  const debounced = new Map<string, { fn: TJobFunction; debounce: TDebounce; event: TJobEvent }>();
  const batches = new Map<string, { fn: TJobFunction; batch: TBatch; events: TJobEvent[] }>();
  for (const { fn, event } of triggered(freshEvents)) {
    if (fn.debounce)
      debounced.set(groupKeyOf(fn, fn.debounce.key, event), { fn, debounce: fn.debounce, event });
    if (fn.batch) {
      const key = groupKeyOf(fn, fn.batch.key, event);
      const group = batches.get(key) ?? { fn, batch: fn.batch, events: [] };
      group.events.push(event);
      batches.set(key, group);
    }
  }
  for (const [key, { fn, debounce, event }] of debounced) {
    started += await debounceRun(tx, fn, debounce, key, event);
  }
  for (const [key, { fn, batch, events: batched }] of batches) {
    started += await addToBatch(tx, fn, batch, key, batched);
  }
  for (const event of freshEvents) await cancelMatching(tx, event, functions);
  return started;
}

/**
 * How long after their intake the runs these events started or extended may come due: each
 * triggered function's batch timeout and debounce period (as scaled), once each. The runner
 * wakes then (`wakeIn`) instead of waiting for its poll.
 */
export function windowsOf(events: TJobEvent[], functions: TJobFunction[]): number[] {
  const { sleepScale } = jobsSettings();
  const windows = new Set<number>();
  for (const fn of functions) {
    if (!events.some((event) => fn.events.includes(event.name))) continue;
    if (fn.batch) windows.add(fn.batch.timeoutMs * sleepScale);
    if (fn.debounce) windows.add(fn.debounce.periodMs * sleepScale);
  }
  return [...windows];
}

/**
 * Debounce: a run that is still waiting (never called) takes the newer event and starts
 * `period` after it (no later than `timeout` after the run was created); otherwise a new run
 * waits `period`. A run already claimed is not touched, so an event never lands in a run that
 * has begun; it starts a run of its own. Returns the number of runs created.
 */
async function debounceRun(
  tx: postgres.Sql | postgres.TransactionSql,
  fn: TJobFunction,
  debounce: TDebounce,
  key: string,
  event: TJobEvent,
): Promise<number> {
  const { sleepScale } = jobsSettings();
  const periodMs = debounce.periodMs * sleepScale;
  const timeoutMs = (debounce.timeoutMs ?? Number.POSITIVE_INFINITY) * sleepScale;
  const extended = await tx`update job_runs set event = ${JSON.stringify(event)}::jsonb,
      event_id = ${event.id},
      run_at = least(now() + ${periodMs}::float8 * interval '1 millisecond',
                     created_at + ${Number.isFinite(timeoutMs) ? timeoutMs : null}::float8 * interval '1 millisecond')
    where function_id = ${fn.id} and debounce_key = ${key} and status = 'queued'
      and lease_token is null and attempt = 0 and stack = '[]'::jsonb
    returning id`;
  if (extended.length > 0) return 0;
  await tx`insert into job_runs (id, function_id, event_id, event, debounce_key, run_at)
    values (${newId("run")}, ${fn.id}, ${event.id}, ${JSON.stringify(event)}::jsonb, ${key},
            now() + ${periodMs}::float8 * interval '1 millisecond')`;
  return 1;
}

/**
 * Batching: the events first fill the batch of their key that is still collecting (never
 * called), then open new ones of at most `maxSize`. A full batch is due at once; one that is not
 * starts `timeout` after it opened, unless it fills first. Returns the number of runs created.
 */
async function addToBatch(
  tx: postgres.TransactionSql,
  fn: TJobFunction,
  batch: TBatch,
  key: string,
  events: TJobEvent[],
): Promise<number> {
  const { maxSize } = batch;
  const [filled] = await tx<{ taken: number }[]>`
    with open as (
      select id, jsonb_array_length(events) as size from job_runs
      where batch_key = ${key} and status = 'queued' and lease_token is null and attempt = 0
        and stack = '[]'::jsonb and jsonb_array_length(events) < ${maxSize}
      order by created_at limit 1
      for update skip locked)
    update job_runs r set
      events = r.events || (select jsonb_agg(e order by i)
        from jsonb_array_elements(${JSON.stringify(events)}::jsonb) with ordinality as t(e, i)
        where i <= ${maxSize} - open.size),
      run_at = case when open.size + ${events.length} >= ${maxSize} then now() else r.run_at end
    from open where r.id = open.id
    returning least(${events.length}, ${maxSize} - open.size)::int as taken`;
  const rest = events.slice(filled?.taken ?? 0);
  if (rest.length === 0) return 0;
  const timeoutMs = batch.timeoutMs * jobsSettings().sleepScale;
  const runs = [];
  for (let start = 0; start < rest.length; start += maxSize) {
    const chunk = rest.slice(start, start + maxSize);
    const first = chunk[0]!;
    runs.push({
      id: newId("run"),
      event_id: first.id,
      event: first,
      events: chunk,
      delay_ms: chunk.length === maxSize ? 0 : timeoutMs,
    });
  }
  const created =
    await tx`insert into job_runs (id, function_id, event_id, event, events, batch_key, run_at)
    select r.id, ${fn.id}, r.event_id, r.event, r.events, ${key},
      now() + r.delay_ms * interval '1 millisecond'
    from jsonb_to_recordset(${JSON.stringify(runs)}::jsonb) as r(id text, event_id text,
      event jsonb, events jsonb, delay_ms float8)
    on conflict do nothing returning 1`;
  return created.length;
}

type TDebounce = NonNullable<TJobFunction["debounce"]>;
type TBatch = NonNullable<TJobFunction["batch"]>;

const groupKeyOf = (fn: TJobFunction, path: TEventPath | undefined, event: TJobEvent) =>
  `${fn.id}:${path ? JSON.stringify(valueAt(event, path) ?? null) : ""}`;

function keyOf(event: TJobEvent, path: string[] | undefined): string | null {
  if (!path) return null;
  const value = valueAt(event, path);
  return value === undefined || value === null ? null : JSON.stringify(value);
}

async function cancelMatching(
  tx: postgres.Sql | postgres.TransactionSql,
  event: TJobEvent,
  functions: TJobFunction[],
) {
  for (const fn of functions) {
    for (const rule of fn.cancelOn.filter((r) => r.event === event.name)) {
      const pairs = rule.match.map(({ runEventPath, incomingPath }) => ({
        path: runEventPath,
        value: valueAt(event, incomingPath),
      }));
      if (pairs.some(({ value }) => value === undefined)) continue;
      const conditions = pairs.reduce(
        (all, { path, value }) =>
          tx`${all} and event #> ${path}::text[] = ${JSON.stringify(value)}::jsonb`,
        tx``,
      );
      await tx`update job_runs set status = 'cancelled', ended_at = now(),
          output = ${JSON.stringify({ cancelledBy: event.id })}::jsonb, lease_token = null, lease_until = null
        where function_id = ${fn.id} and status = 'queued' ${conditions}`;
    }
  }
}
