import { config } from "@/config";
import { rawSql } from "@/db/client";
import { rateLimitStore } from "@/lib/ratelimit/rate-limit-store";
import { isStopping } from "./stopping";

export type TReadinessCheck = { name: string; ok: boolean; detail: string };

/** Background work counts as stuck when committed work has waited this long to be picked up. */
const MAX_LAG_SECONDS = 60;
const DATABASE_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

async function databaseAndLag(): Promise<TReadinessCheck[]> {
  const database = config().DATABASE_EMBEDDED ? "The embedded database (PGlite)" : "PostgreSQL";
  try {
    const [row] = await within(
      rawSql()<{ outbox: number; runs: number }[]>`
        select
          coalesce((select extract(epoch from now() - min(coalesce(not_before, created_at)))
                    from outbox where dispatched_at is null), 0)::float8 as outbox,
          coalesce((select extract(epoch from now() - min(run_at)) from job_runs
                    where status = 'queued' and run_at <= now() and lease_token is null), 0)::float8
            as runs`,
      DATABASE_TIMEOUT_MS,
    );
    const lag = Math.max(row?.outbox ?? 0, row?.runs ?? 0);
    return [
      { name: "database", ok: true, detail: `${database} answers` },
      {
        name: "background_work",
        ok: lag <= MAX_LAG_SECONDS,
        detail: `oldest waiting work: ${Math.round(lag)} s (limit ${MAX_LAG_SECONDS} s)`,
      },
    ];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [{ name: "database", ok: false, detail: `${database} does not answer: ${reason}` }];
  }
}

function rateLimits(): TReadinessCheck {
  const store = rateLimitStore();
  if (!store) return { name: "rate_limits", ok: true, detail: "off" };
  const degraded = store.degraded?.() ?? false;
  return {
    name: "rate_limits",
    ok: !degraded,
    detail: degraded
      ? `${store.description} does not answer; each process limits on its own`
      : store.description,
  };
}

/**
 * Whether this process can do its job: it is not stopping, PostgreSQL answers, committed
 * background work is being picked up, and the rate limiter's Redis (when configured) answers.
 */
export async function checkReadiness(): Promise<{ ready: boolean; checks: TReadinessCheck[] }> {
  if (isStopping()) {
    const check = { name: "process", ok: false, detail: "stopping: finishing in-flight work" };
    return { ready: false, checks: [check] };
  }
  const checks = [...(await databaseAndLag()), rateLimits()];
  return { ready: checks.every((check) => check.ok), checks };
}
