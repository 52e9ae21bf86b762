import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { createRateLimitStore, type TRateLimitConfig } from "../create-store";
import { createMemoryStore } from "../memory-store";
import type { TRateLimitStore } from "../store";

export const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/** A store on the real Redis under a prefix of its own, ephemeral cache off (as in tests). */
export function redisStoreForTest(overrides: Partial<TRateLimitConfig> = {}) {
  const prefix = `test:ratelimit:${randomUUID()}`;
  const config: TRateLimitConfig = {
    enabled: true,
    redisUrl,
    prefix,
    timeoutMs: 1_000,
    retryAfterMs: 5_000,
    ephemeralCache: false,
    ...overrides,
  };
  const store = createRateLimitStore(config) as TRateLimitStore;
  return {
    store,
    prefix,
    /** Keys this store wrote in Redis: proof that Redis, not a fallback, answered. */
    async keys(): Promise<string[]> {
      const client = new Redis(redisUrl);
      try {
        return await client.keys(`${prefix}:*`);
      } finally {
        client.disconnect();
      }
    },
    async close() {
      const client = new Redis(redisUrl);
      try {
        const keys = await client.keys(`${prefix}:*`);
        if (keys.length > 0) await client.del(...keys);
      } finally {
        client.disconnect();
      }
      await store.close();
    },
  };
}

export function memoryStoreForTest() {
  return { store: createMemoryStore(), keys: async () => [], close: async () => {} };
}
