import { Ratelimit } from "@upstash/ratelimit";
import type { Redis } from "@upstash/redis";
import type { TDailyWindowInput, TRateLimitStore, TTokenBucketInput, TWindowResult } from "./store";

export class RateLimitTimeout extends Error {
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms`);
    this.name = "RateLimitTimeout";
  }
}

export type TUpstashStoreOptions = {
  redis: Redis;
  description: string;
  prefix: string;
  timeoutMs: number;
  /** Remembers blocked identifiers in this process until their reset; off in tests. */
  ephemeralCache: boolean;
  ready?: (timeoutMs: number) => Promise<void>;
  close?: () => Promise<void>;
};

/** Counters in Redis through @upstash/ratelimit: one budget shared by every server process. */
export function createUpstashStore(options: TUpstashStoreOptions): TRateLimitStore {
  const limiters = new Map<string, Ratelimit>();

  function limiterFor(
    name: string,
    limiter: ConstructorParameters<typeof Ratelimit>[0]["limiter"],
  ) {
    let ratelimit = limiters.get(name);
    if (!ratelimit) {
      ratelimit = new Ratelimit({
        redis: options.redis,
        limiter,
        prefix: options.prefix,
        timeout: options.timeoutMs,
        analytics: false,
        enableProtection: false,
        ephemeralCache: options.ephemeralCache ? new Map() : false,
      });
      limiters.set(name, ratelimit);
    }
    return ratelimit;
  }

  async function run(ratelimit: Ratelimit, key: string, rate = 1): Promise<TWindowResult> {
    const result = await ratelimit.limit(key, { rate });
    // On timeout the library lets the request through with `reset: 0`: not an answer at all.
    if (result.reason === "timeout") throw new RateLimitTimeout(options.timeoutMs);
    return { success: result.success, remaining: result.remaining, reset: result.reset };
  }

  return {
    description: options.description,
    tokenBucket({ key, refillPerSecond, burst, rate }: TTokenBucketInput) {
      const name = `bucket:${refillPerSecond}:${burst}`;
      return run(limiterFor(name, Ratelimit.tokenBucket(refillPerSecond, "1 s", burst)), key, rate);
    },
    dailyWindow({ key, limit }: TDailyWindowInput) {
      return run(limiterFor(`daily:${limit}`, Ratelimit.fixedWindow(limit, "1 d")), key);
    },
    ready: options.ready ?? (async () => {}),
    close: options.close ?? (async () => {}),
  };
}
