import type { TRateLimitStore } from "./store";
import { leaseOf, refillPerSecond, type TRateLimitRule } from "./tiers";

export type TRateLimitOutcome = {
  allowed: boolean;
  /** The per-minute limit. */
  limit: number;
  /** Requests left now: the bucket's tokens, or fewer when the daily cap is closer. */
  remaining: number;
  /** Unix seconds when the bucket is full again, or the daily reset when that cap is hit. */
  reset: number;
  /** Seconds until a request can pass again (429 only). */
  retryAfter?: number;
};

const SECOND = 1_000;
const toSeconds = (ms: number) => Math.ceil(ms / SECOND);

/**
 * When the bucket is full again: `nextRefill` is when the next interval's tokens arrive (what
 * @upstash/ratelimit calls reset); each further interval adds `refillPerSecond` tokens.
 */
function bucketFullAt(rule: TRateLimitRule, remaining: number, nextRefill: number, now: number) {
  const missing = rule.burst - remaining;
  if (missing <= 0) return now;
  return nextRefill + (Math.ceil(missing / refillPerSecond(rule)) - 1) * SECOND;
}

/**
 * One request against an identity's budget: a token from the burst bucket first (a request the
 * bucket refuses does not count against the day), then one from the daily cap.
 */
export async function checkRateLimit({
  store,
  identity,
  rule,
  now = Date.now,
}: {
  store: TRateLimitStore;
  identity: string;
  rule: TRateLimitRule;
  now?: () => number;
}): Promise<TRateLimitOutcome> {
  const bucket = await store.tokenBucket({
    key: `bucket:${identity}`,
    refillPerSecond: refillPerSecond(rule),
    burst: rule.burst,
    lease: leaseOf(rule),
  });
  if (!bucket.success) {
    return {
      allowed: false,
      limit: rule.perMinute,
      remaining: 0,
      reset: toSeconds(bucketFullAt(rule, 0, bucket.reset, now())),
      retryAfter: Math.max(1, toSeconds(bucket.reset - now())),
    };
  }
  const bucketReset = toSeconds(bucketFullAt(rule, bucket.remaining, bucket.reset, now()));
  if (rule.daily === null) {
    return {
      allowed: true,
      limit: rule.perMinute,
      remaining: bucket.remaining,
      reset: bucketReset,
    };
  }
  const daily = await store.dailyWindow({ key: `daily:${identity}`, limit: rule.daily });
  if (!daily.success) {
    return {
      allowed: false,
      limit: rule.perMinute,
      remaining: 0,
      reset: toSeconds(daily.reset),
      retryAfter: Math.max(1, toSeconds(daily.reset - now())),
    };
  }
  return {
    allowed: true,
    limit: rule.perMinute,
    remaining: Math.min(bucket.remaining, daily.remaining),
    reset: daily.remaining === 0 ? toSeconds(daily.reset) : bucketReset,
  };
}
