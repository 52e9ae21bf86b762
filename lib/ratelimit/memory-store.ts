import { DAY_MS, type TRateLimitStore, type TTokenBucketInput, type TWindowResult } from "./store";

type TBucket = { refilledAt: number; tokens: number; expiresAt: number };
type TCounter = { count: number; expiresAt: number };

const SWEEP_EVERY = 1_000;
const INTERVAL_MS = 1_000;

/**
 * The same algorithms as @upstash/ratelimit's Lua scripts (token bucket refilled in whole
 * intervals, fixed UTC-day window), kept in this process: the embedded default, and the fallback
 * while Redis does not answer.
 */
export function createMemoryStore(
  description = "in-process limiter",
  now: () => number = Date.now,
): TRateLimitStore {
  const buckets = new Map<string, TBucket>();
  const counters = new Map<string, TCounter>();
  let calls = 0;

  function sweep(at: number) {
    if (++calls % SWEEP_EVERY !== 0) return;
    for (const [key, bucket] of buckets) if (bucket.expiresAt <= at) buckets.delete(key);
    for (const [key, counter] of counters) if (counter.expiresAt <= at) counters.delete(key);
  }

  function tokenBucket({
    key,
    refillPerSecond,
    burst,
    rate = 1,
  }: TTokenBucketInput): TWindowResult {
    const at = now();
    sweep(at);
    const stored = buckets.get(key);
    let refilledAt = stored && stored.expiresAt > at ? stored.refilledAt : at;
    let tokens = stored && stored.expiresAt > at ? stored.tokens : burst;
    if (at >= refilledAt + INTERVAL_MS) {
      const refills = Math.floor((at - refilledAt) / INTERVAL_MS);
      tokens = Math.min(burst, tokens + refills * refillPerSecond);
      refilledAt += refills * INTERVAL_MS;
    }
    if (rate > 0 && tokens < rate) {
      return { success: false, remaining: 0, reset: refilledAt + INTERVAL_MS };
    }
    const remaining = tokens - rate;
    const fullIn = Math.ceil((burst - remaining) / refillPerSecond) * INTERVAL_MS;
    buckets.set(key, { refilledAt, tokens: remaining, expiresAt: at + fullIn });
    return { success: true, remaining, reset: refilledAt + INTERVAL_MS };
  }

  function dailyWindow({ key, limit }: { key: string; limit: number }): TWindowResult {
    const at = now();
    sweep(at);
    const day = Math.floor(at / DAY_MS);
    const reset = (day + 1) * DAY_MS;
    const windowKey = `${key}:${day}`;
    const counter = counters.get(windowKey) ?? { count: 0, expiresAt: reset };
    counter.count += 1;
    counters.set(windowKey, counter);
    return {
      success: counter.count <= limit,
      remaining: Math.max(0, limit - counter.count),
      reset,
    };
  }

  return {
    description,
    tokenBucket: async (input) => tokenBucket(input),
    dailyWindow: async (input) => dailyWindow(input),
    ready: async () => {},
    close: async () => {},
  };
}
