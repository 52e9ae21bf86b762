import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { checkRateLimit } from "./check-rate-limit";
import { LEASE_MS, withLeases } from "./leased-store";
import { createMemoryStore } from "./memory-store";
import type { TRateLimitStore } from "./store";
import { redisStoreForTest } from "./test-support/stores";
import { rateLimitTiers } from "./tiers";

const enterprise = rateLimitTiers.enterprise;
const START = Date.parse("2026-11-23T10:00:00.000Z");

/** A real in-process store on a clock the test moves, counting the takes that reach it. */
function countedStore() {
  let at = START;
  const clock = () => at;
  const inner = createMemoryStore("counted", clock);
  const rates: number[] = [];
  const store: TRateLimitStore = {
    ...inner,
    tokenBucket: (input) => {
      rates.push(input.rate ?? 1);
      return inner.tokenBucket(input);
    },
  };
  return {
    leased: withLeases(store, clock),
    unleased: createMemoryStore("unleased", clock),
    rates,
    advance: (ms: number) => {
      at += ms;
    },
  };
}

const spend = (store: TRateLimitStore, identity = "org-1:sandbox", rule = enterprise) =>
  checkRateLimit({ store, identity, rule, now: () => START });

describe("leases of a large bucket", () => {
  test("answer exactly what the store would, with one take per lease", async () => {
    const { leased, unleased, rates } = countedStore();
    for (let index = 0; index < 100; index++) {
      expect(await spend(leased)).toEqual(await spend(unleased));
    }
    // The first take learns the bucket; then each take holds nine tokens beyond its request.
    expect(rates).toEqual([1, ...Array(10).fill(10)]);
    expect((await spend(leased)).remaining).toBe(899);
  });

  test("a small bucket is asked on every request", async () => {
    const { leased, rates } = countedStore();
    for (let index = 0; index < 20; index++)
      await spend(leased, "org-1:sandbox", rateLimitTiers.pro);
    expect(rates).toEqual(Array(20).fill(1));
  });

  test("near an empty bucket every request asks the store, and the burst ends exactly", async () => {
    const { leased, unleased, rates } = countedStore();
    const allowed = [];
    for (let index = 0; index <= enterprise.burst; index++) {
      const outcome = await spend(leased);
      expect(outcome).toEqual(await spend(unleased));
      if (outcome.allowed) allowed.push(outcome);
    }
    expect(allowed).toHaveLength(enterprise.burst);
    expect(allowed.at(-1)?.remaining).toBe(0);
    expect(rates.slice(-20)).toEqual(Array(20).fill(1));
  });

  test("tokens still held after LEASE_MS are dropped, and the next request takes a fresh lease", async () => {
    const { leased, unleased, rates, advance } = countedStore();
    for (let index = 0; index < 2; index++)
      expect(await spend(leased)).toEqual(await spend(unleased));
    expect(rates).toEqual([1, 10]);
    advance(LEASE_MS);
    // The bucket refilled to its burst meanwhile; the nine dropped tokens are not added to it.
    const renewed = await spend(leased);
    expect(renewed).toEqual(await spend(unleased));
    expect(renewed.remaining).toBe(enterprise.burst - 1);
    expect(rates).toEqual([1, 10, 10]);
  });

  test("concurrent requests of one identity share the renewals and get distinct answers", async () => {
    const { leased, rates } = countedStore();
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => spend(leased)));
    expect(outcomes.every((outcome) => outcome.allowed)).toBe(true);
    const remaining = outcomes.map((outcome) => outcome.remaining).sort((a, b) => b - a);
    expect(remaining).toEqual(Array.from({ length: 50 }, (_, index) => 999 - index));
    expect(rates).toEqual([1, 10, 10, 10, 10, 10]);
  });
});

describe("two processes leasing from one Redis bucket", () => {
  const cleanups: (() => Promise<void>)[] = [];
  beforeEach(() => {
    // Only Date, as the limiter reads it (the Redis script gets it as an argument): no refill.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(START);
  });
  afterEach(async () => {
    vi.useRealTimers();
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  test("hand out exactly the burst between them, whoever holds what", async () => {
    const first = redisStoreForTest();
    const second = redisStoreForTest({ prefix: first.prefix });
    cleanups.push(first.close, second.close);
    await Promise.all([first.store.ready(2_000), second.store.ready(2_000)]);
    const identity = "org-shared:sandbox";
    let allowed = 0;
    const refused = new Set<number>();
    // Requests alternate between the processes, each until its own store refuses.
    for (let index = 0; refused.size < 2; index++) {
      const process = index % 2;
      if (refused.has(process)) continue;
      const outcome = await spend([first, second][process]!.store, identity);
      if (outcome.allowed) allowed++;
      else refused.add(process);
    }
    expect(allowed).toBe(enterprise.burst);
    expect((await first.keys()).length).toBeGreaterThan(0);
  }, 30_000);
});
