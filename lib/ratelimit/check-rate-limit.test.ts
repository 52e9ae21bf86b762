import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { checkRateLimit } from "./check-rate-limit";
import type { TRateLimitStore } from "./store";
import { memoryStoreForTest, redisStoreForTest } from "./test-support/stores";
import { rateLimitTiers } from "./tiers";

const START = Date.parse("2026-11-23T10:00:00.000Z");
const seconds = (ms: number) => Math.ceil(ms / 1000);

type TTestStore = ReturnType<typeof memoryStoreForTest>;

describe.each([
  ["Redis (TCP, through @upstash/ratelimit)", redisStoreForTest],
  ["in-process", memoryStoreForTest],
] as [string, () => TTestStore][])("rate limits on the %s store", (name, makeStore) => {
  let testStore: TTestStore;
  let store: TRateLimitStore;
  beforeEach(async () => {
    // Only Date: both stores read the clock through Date.now (the Redis scripts get it as an
    // argument), while timers and sockets keep real time.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(START);
    testStore = makeStore();
    store = testStore.store;
    await store.ready(2_000);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await testStore.close();
  });

  const spend = (identity: string, plan: keyof typeof rateLimitTiers) =>
    checkRateLimit({ store, identity, rule: rateLimitTiers[plan] });

  test.each([
    ["free", 10, 60],
    ["pro", 100, 600],
    ["enterprise", 1000, 6000],
  ] as const)("the %s burst is exactly %i requests", async (plan, burst, perMinute) => {
    for (let index = 1; index <= burst; index++) {
      const outcome = await spend(`org-${plan}:sandbox`, plan);
      expect(outcome).toMatchObject({ allowed: true, limit: perMinute, remaining: burst - index });
      // The bucket is full again once every spent token has been refilled.
      const refillPerSecond = perMinute / 60;
      expect(outcome.reset).toBe(seconds(START + Math.ceil(index / refillPerSecond) * 1000));
    }
    const refused = await spend(`org-${plan}:sandbox`, plan);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfter: 1 });
    expect(refused.reset).toBe(seconds(START + Math.ceil(burst / (perMinute / 60)) * 1000));
    if (name.startsWith("Redis")) expect((await testStore.keys()).length).toBeGreaterThan(0);
  });

  test.each([
    ["free", 10, 1],
    ["pro", 100, 10],
    ["enterprise", 1000, 100],
  ] as const)(
    "the %s bucket refills at the per-minute rate",
    async (plan, burst, perSecond) => {
      const identity = `org-refill-${plan}:production`;
      for (let index = 0; index < burst; index++) await spend(identity, plan);
      expect((await spend(identity, plan)).allowed).toBe(false);

      vi.setSystemTime(START + 999);
      expect((await spend(identity, plan)).allowed).toBe(false);

      // Over one minute of steady demand exactly the per-minute rate gets through.
      let allowed = 0;
      for (let second = 1; second <= 60; second++) {
        vi.setSystemTime(START + second * 1000);
        for (let attempt = 0; attempt <= perSecond; attempt++) {
          if ((await spend(identity, plan)).allowed) allowed++;
        }
      }
      expect(allowed).toBe(perSecond * 60);

      // An idle bucket fills up to its burst, never beyond.
      vi.setSystemTime(START + 10 * 60_000);
      let burstAfterIdle = 0;
      while ((await spend(identity, plan)).allowed) burstAfterIdle++;
      expect(burstAfterIdle).toBe(burst);
    },
    60_000,
  );

  test("the free daily cap of 1000 holds until the UTC day ends", async () => {
    const midnight = Date.parse("2026-11-23T00:00:00.000Z");
    const nextMidnight = midnight + 86_400_000;
    const identity = "org-daily:sandbox";
    // One request a second: the bucket never empties, only the daily cap can refuse.
    for (let index = 0; index < 1000; index++) {
      vi.setSystemTime(midnight + index * 1000);
      expect((await spend(identity, "free")).allowed).toBe(true);
    }
    vi.setSystemTime(midnight + 1000 * 1000);
    const capped = await spend(identity, "free");
    expect(capped).toMatchObject({ allowed: false, remaining: 0, reset: nextMidnight / 1000 });
    expect(capped.retryAfter).toBe(seconds(nextMidnight - (midnight + 1000 * 1000)));

    vi.setSystemTime(nextMidnight - 3_600_000);
    expect((await spend(identity, "free")).allowed).toBe(false);
    vi.setSystemTime(nextMidnight);
    const nextDay = await spend(identity, "free");
    expect(nextDay.allowed).toBe(true);
    expect(nextDay.remaining).toBe(9);
  }, 60_000);

  test("the enterprise tier has no daily cap", async () => {
    const identity = "org-unlimited:production";
    for (let minute = 0; minute < 10; minute++) {
      vi.setSystemTime(START + minute * 60_000);
      for (let index = 0; index < 1000; index++) {
        expect((await spend(identity, "enterprise")).allowed).toBe(true);
      }
    }
  }, 60_000);

  test("identities never share a budget", async () => {
    for (let index = 0; index < 10; index++) await spend("org-a:sandbox", "free");
    expect((await spend("org-a:sandbox", "free")).allowed).toBe(false);
    expect(await spend("org-a:production", "free")).toMatchObject({ allowed: true, remaining: 9 });
    expect(await spend("org-b:sandbox", "free")).toMatchObject({ allowed: true, remaining: 9 });
  });

  test("a negative rate gives tokens back, and a slow bucket refills by fractions", async () => {
    const bucket = { key: "slow", burst: 2, refillPerSecond: 1 / 180 };
    expect((await store.tokenBucket(bucket)).success).toBe(true);
    expect((await store.tokenBucket(bucket)).success).toBe(true);
    expect((await store.tokenBucket(bucket)).success).toBe(false);
    expect((await store.tokenBucket({ ...bucket, rate: -1 })).success).toBe(true);
    expect((await store.tokenBucket(bucket)).success).toBe(true);
    expect((await store.tokenBucket(bucket)).success).toBe(false);
    vi.setSystemTime(START + 179_000);
    expect((await store.tokenBucket(bucket)).success).toBe(false);
    vi.setSystemTime(START + 181_000);
    expect((await store.tokenBucket(bucket)).success).toBe(true);
  });
});
