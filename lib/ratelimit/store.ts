/** What a limiter answers for one window: `reset` is in milliseconds (Unix time). */
export type TWindowResult = { success: boolean; remaining: number; reset: number };

/**
 * `rate` tokens are taken (1 by default); a negative rate gives tokens back and never fails.
 * `lease`: how many tokens a process may take at once and hand out itself (withLeases).
 */
export type TTokenBucketInput = {
  key: string;
  refillPerSecond: number;
  burst: number;
  rate?: number;
  lease?: number;
};
export type TDailyWindowInput = { key: string; limit: number };

/** A place where rate-limit counters live: Redis (through @upstash/ratelimit) or this process. */
export type TRateLimitStore = {
  readonly description: string;
  tokenBucket(input: TTokenBucketInput): Promise<TWindowResult>;
  dailyWindow(input: TDailyWindowInput): Promise<TWindowResult>;
  /** Whether it is answering from a fallback because its backend does not answer. */
  degraded?: () => boolean;
  /** Resolves when the store can answer (a TCP connection is up), or after `timeoutMs`. */
  ready(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
};

export const DAY_MS = 86_400_000;
