import type postgres from "postgres";
import { newId } from "@/lib/ids";
import { valueAt } from "./expressions";
import type { JobFunction } from "./function-config";

export type JobEvent = { id: string; name: string; data: Record<string, unknown>; ts: number };

/**
 * The embedded runner's event intake, inside the caller's transaction: stores each event once
 * (its id is the outbox row's id, so a repeat is ignored), starts one run per function it
 * triggers, and cancels the queued runs its `cancelOn` rules match.
 */
export async function ingestEvents(
  tx: postgres.Sql | postgres.TransactionSql,
  events: JobEvent[],
  functions: JobFunction[],
): Promise<number> {
  if (events.length === 0) return 0;
  const stored = await tx<{ id: string }[]>`
    insert into job_events ${tx(events.map((e) => ({ id: e.id, name: e.name, data: JSON.stringify(e.data), ts: e.ts })))}
    on conflict (id) do nothing returning id`;
  const fresh = new Set(stored.map(({ id }) => id));
  const runs = events
    .filter((event) => fresh.has(event.id))
    .flatMap((event) =>
      functions
        .filter((fn) => fn.events.includes(event.name))
        .map((fn) => ({
          id: newId("run"),
          function_id: fn.id,
          event_id: event.id,
          event: JSON.stringify(event),
          concurrency_key: fn.concurrencyKey
            ? `${fn.id}:${JSON.stringify(valueAt(event, fn.concurrencyKey) ?? null)}`
            : null,
          idempotency_key: keyOf(event, fn.idempotencyKey),
        })),
    );
  const started =
    runs.length > 0
      ? await tx`insert into job_runs ${tx(runs)} on conflict do nothing returning id`
      : [];
  for (const event of events.filter((e) => fresh.has(e.id)))
    await cancelMatching(tx, event, functions);
  return started.length;
}

function keyOf(event: JobEvent, path: string[] | undefined): string | null {
  if (!path) return null;
  const value = valueAt(event, path);
  return value === undefined || value === null ? null : JSON.stringify(value);
}

async function cancelMatching(
  tx: postgres.Sql | postgres.TransactionSql,
  event: JobEvent,
  functions: JobFunction[],
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
