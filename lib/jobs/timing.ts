import { config } from "@/config";

/**
 * The runner's clock settings. Tests scale retries and sleeps down instead of waiting:
 * JOBS_RETRY_SCALE=0.001 turns a 10 s backoff into 10 ms, JOBS_SLEEP_SCALE likewise for sleeps.
 */
export const jobsSettings = () => {
  const settings = config();
  return {
    retryScale: settings.JOBS_RETRY_SCALE,
    sleepScale: settings.JOBS_SLEEP_SCALE,
    leaseMs: settings.JOBS_LEASE_MS,
    concurrency: settings.JOBS_CONCURRENCY,
    pollMs: settings.JOBS_POLL_MS,
  };
};

const units: Record<string, number> = {
  w: 604_800_000,
  d: 86_400_000,
  h: 3_600_000,
  m: 60_000,
  s: 1_000,
  ms: 1,
};

/**
 * Milliseconds until a `Sleep` op ends, or of a duration in a function's options. The SDK sends
 * either a duration such as `1d2h30s` (`step.sleep`) or an ISO timestamp (`step.sleepUntil`); a
 * batch's timeout is seconds, and may be a fraction of one (`0.05s`).
 */
export function sleepMs(spec: string, now = Date.now()): number {
  if (/^\d+(\.\d+)?(ms|[wdhms])(\d+(\.\d+)?(ms|[wdhms]))*$/.test(spec)) {
    let total = 0;
    for (const [, amount, unit] of spec.matchAll(/(\d+(?:\.\d+)?)(ms|[wdhms])/g)) {
      total += Number(amount) * (units[unit as string] ?? 0);
    }
    return Math.round(total);
  }
  const until = Date.parse(spec);
  if (Number.isNaN(until)) throw new Error(`Unreadable sleep "${spec}"`);
  return Math.max(0, until - now);
}

/** Exponential backoff with jitter: about 10 s, 20 s, 40 s … capped at an hour, times the scale. */
export function retryDelayMs(attempt: number, random = Math.random()): number {
  const base = Math.min(10_000 * 2 ** attempt, 3_600_000);
  return Math.round(base * (0.8 + 0.4 * random) * jobsSettings().retryScale);
}

/** A `Retry-After` header (seconds or an HTTP date) in milliseconds, if present and readable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header)) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
