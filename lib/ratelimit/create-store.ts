import { Redis as UpstashRedis } from "@upstash/redis";
import { Redis as TcpRedis } from "ioredis";
import { config, type TConfig } from "@/config";
import { withFallback } from "./fallback-store";
import { withLeases } from "./leased-store";
import { createMemoryStore } from "./memory-store";
import type { TRateLimitStore } from "./store";
import { tcpRequester } from "./tcp-requester";
import { createUpstashStore } from "./upstash-store";

export type TRateLimitConfig = {
  enabled: boolean;
  upstashUrl?: string;
  upstashToken?: string;
  redisUrl?: string;
  prefix: string;
  timeoutMs: number;
  retryAfterMs: number;
  ephemeralCache: boolean;
};

export function rateLimitConfigFrom(settings: TConfig = config()): TRateLimitConfig {
  return {
    enabled: settings.RATE_LIMIT === "on",
    upstashUrl: settings.UPSTASH_REDIS_REST_URL,
    upstashToken: settings.UPSTASH_REDIS_REST_TOKEN,
    redisUrl: settings.REDIS_URL,
    prefix: settings.RATE_LIMIT_PREFIX,
    timeoutMs: settings.RATE_LIMIT_TIMEOUT_MS,
    retryAfterMs: 5_000,
    ephemeralCache: true,
  };
}

function waitForConnection(client: TcpRedis, timeoutMs: number): Promise<void> {
  if (client.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off("ready", done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    client.once("ready", done);
  });
}

/** A plain Redis over TCP, wrapped in the @upstash/redis client the rate limiter expects. */
function tcpRedis(config: TRateLimitConfig, url: string) {
  const client = new TcpRedis(url, {
    // Fail at once while disconnected (the fallback answers) instead of queueing requests.
    enableOfflineQueue: false,
    // Limit checks of requests served in the same tick share one write to Redis, so a cheap
    // route does not pay a system call per check.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  client.on("error", () => {
    // Reported through the fallback's log; ioredis would otherwise print every reconnect.
  });
  const redis = new UpstashRedis(tcpRequester(client));
  return {
    client,
    store: createUpstashStore({
      redis,
      description: `Redis at ${new URL(url).host}`,
      prefix: config.prefix,
      timeoutMs: config.timeoutMs,
      ephemeralCache: config.ephemeralCache,
      ready: (timeoutMs) => waitForConnection(client, timeoutMs),
      close: async () => {
        client.disconnect();
      },
    }),
  };
}

/**
 * The rate-limit backend, chosen once from configuration: Upstash REST, any Redis over TCP, or
 * this process alone. `null` when rate limiting is off. A shared store hands out large buckets'
 * tokens in leases (withLeases).
 */
export function createRateLimitStore(config: TRateLimitConfig): TRateLimitStore | null {
  if (!config.enabled) return null;
  if (config.upstashUrl && config.upstashToken) {
    const redis = new UpstashRedis({
      url: config.upstashUrl,
      token: config.upstashToken,
      retry: false,
      enableTelemetry: false,
    });
    const store = createUpstashStore({
      redis,
      description: `Upstash Redis at ${new URL(config.upstashUrl).host}`,
      prefix: config.prefix,
      timeoutMs: config.timeoutMs,
      ephemeralCache: config.ephemeralCache,
    });
    return withLeases(withFallback(store, { retryAfterMs: config.retryAfterMs }));
  }
  if (config.redisUrl) {
    const { client, store } = tcpRedis(config, config.redisUrl);
    return withLeases(
      withFallback(store, {
        retryAfterMs: config.retryAfterMs,
        available: () => client.status === "ready",
      }),
    );
  }
  return createMemoryStore();
}
