import type postgres from "postgres";
import { cronTicks } from "@/config/cron-expression";
import { newId } from "@/lib/ids";
import type { TJobFunction } from "./function-config";

/** The event Inngest sends a function at a cron tick. */
export const CRON_EVENT = "inngest/scheduled.timer";

/** How far back a tick is still started: a tick missed for longer (the process was down) is skipped, as Inngest skips it. */
export const CRON_LOOKBACK_MS = 90_000;

/**
 * Starts one run per cron tick of each function in (now − lookback, now]. The event id names the
 * function and the tick, so every process of a deployment may call this: the unique
 * (function, event) index lets exactly one of them start each tick's run.
 */
export async function startCronRuns(
  sql: postgres.Sql,
  functions: TJobFunction[],
  now = new Date(),
): Promise<number> {
  const runs = functions.flatMap((fn) =>
    fn.crons.flatMap((schedule) =>
      cronTicks(schedule, new Date(now.getTime() - CRON_LOOKBACK_MS), now).map((tick) => {
        const eventId = `cron-${fn.id}-${tick.toISOString()}`;
        return {
          id: newId("run"),
          function_id: fn.id,
          event_id: eventId,
          event: {
            id: eventId,
            name: CRON_EVENT,
            data: { cron: schedule.expression },
            ts: tick.getTime(),
          },
        };
      }),
    ),
  );
  if (runs.length === 0) return 0;
  const started = await sql`
    insert into job_runs (id, function_id, event_id, event, run_at)
    select r.id, r.function_id, r.event_id, r.event, now()
    from jsonb_to_recordset(${JSON.stringify(runs)}::jsonb)
      as r(id text, function_id text, event_id text, event jsonb)
    on conflict do nothing returning 1`;
  return started.length;
}
