import { logger } from "@/lib/observability/logger";
import { createMemoryStore } from "./memory-store";
import type { TRateLimitStore, TWindowResult } from "./store";

export type TFallbackOptions = {
  /** After a failure, how long to answer from this process before asking the primary again. */
  retryAfterMs: number;
  /** Whether the primary can answer at all right now (e.g. its TCP connection is up). */
  available?: () => boolean;
  log?: (message: string) => void;
};

/**
 * Asks the primary store (Redis); when it errors, times out or is disconnected, answers from a
 * per-process limiter with the same rules instead, so a Redis outage never becomes a 500.
 * State changes are logged once, not per request.
 */
export function withFallback(primary: TRateLimitStore, options: TFallbackOptions): TRateLimitStore {
  const fallback = createMemoryStore(`per-process fallback for ${primary.description}`);
  const log = options.log ?? ((message: string) => logger().warn({ kind: "rate_limit" }, message));
  let degradedUntil = 0;
  let degraded = false;

  function fail(error: unknown) {
    degradedUntil = Date.now() + options.retryAfterMs;
    if (degraded) return;
    degraded = true;
    const reason = error instanceof Error ? error.message : String(error);
    log(`rate limits: ${primary.description} failed (${reason}); using per-process limits`);
  }

  async function attempt(
    ask: (store: TRateLimitStore) => Promise<TWindowResult>,
  ): Promise<TWindowResult> {
    const usable = Date.now() >= degradedUntil && (options.available?.() ?? true);
    if (!usable) {
      if (!degraded) fail(new Error("not connected"));
      return ask(fallback);
    }
    try {
      const result = await ask(primary);
      if (degraded) {
        degraded = false;
        log(`rate limits: ${primary.description} answers again`);
      }
      return result;
    } catch (error) {
      fail(error);
      return ask(fallback);
    }
  }

  return {
    description: primary.description,
    degraded: () => degraded,
    tokenBucket: (input) => attempt((store) => store.tokenBucket(input)),
    dailyWindow: (input) => attempt((store) => store.dailyWindow(input)),
    ready: (timeoutMs) => primary.ready(timeoutMs),
    close: () => primary.close(),
  };
}
