import type { TPlanTier } from "@/lib/orgs/plans";

/** One plan tier's limits: a bucket of `burst` requests refilled at `perMinute`, and a daily cap. */
export type TRateLimitRule = { perMinute: number; burst: number; daily: number | null };

export const rateLimitTiers: Record<TPlanTier, TRateLimitRule> = {
  free: { perMinute: 60, burst: 10, daily: 1_000 },
  pro: { perMinute: 600, burst: 100, daily: 50_000 },
  enterprise: { perMinute: 6_000, burst: 1_000, daily: null },
};

/**
 * `tokenBucket` refills in whole intervals, so the per-minute rate is refilled every second
 * (60/min is 1 token a second), never as one lump a minute.
 */
export const refillPerSecond = (rule: TRateLimitRule) => rule.perMinute / 60;

/**
 * Tokens a server process may take from the shared bucket at once (lib/ratelimit/leased-store.ts):
 * a hundredth of the burst, so only large buckets lease and every process holds at most 1% of one.
 */
export const leaseOf = (rule: TRateLimitRule) => Math.max(1, Math.floor(rule.burst / 100));

/** Unauthenticated requests and failed authentication are limited per client address like Free. */
export const anonymousRule = rateLimitTiers.free;
