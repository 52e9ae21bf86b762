import { createServer } from "node:net";
import { afterEach, describe, expect, test, vi } from "vitest";
import { logger } from "@/lib/observability/logger";
import { startTcpProxy } from "@/tests/support/tcp-proxy";
import { checkRateLimit } from "./check-rate-limit";
import { redisStoreForTest, redisUrl } from "./test-support/stores";
import { rateLimitTiers } from "./tiers";

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === "object" && address ? address.port : 0;
}

/** What the limiter logs, as message texts (the fallback reports state changes once each). */
const spyOnWarnings = () => {
  const warn = vi.spyOn(logger(), "warn").mockImplementation(() => {});
  return () => warn.mock.calls.map((call) => String(call.at(-1)));
};

const spendFree = (store: ReturnType<typeof redisStoreForTest>["store"], identity: string) =>
  checkRateLimit({ store, identity, rule: rateLimitTiers.free });

describe("when Redis fails, the limiter answers from this process", () => {
  test("Redis unreachable from the start: same rules, logged once", async () => {
    const warnings = spyOnWarnings();
    const { store, close } = redisStoreForTest({
      redisUrl: `redis://127.0.0.1:${await closedPort()}`,
    });
    cleanups.push(close);
    await store.ready(300);
    for (let index = 1; index <= 10; index++) {
      expect(await spendFree(store, "org-down:sandbox")).toMatchObject({
        allowed: true,
        remaining: 10 - index,
      });
    }
    expect((await spendFree(store, "org-down:sandbox")).allowed).toBe(false);
    const messages = warnings();
    expect(messages.filter((message) => message.includes("per-process limits"))).toHaveLength(1);
  });

  test("Redis stalls: requests are answered within the timeout, then Redis is used again", async () => {
    const warnings = spyOnWarnings();
    const target = new URL(redisUrl);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    cleanups.push(proxy.close);
    const testStore = redisStoreForTest({
      redisUrl: `redis://127.0.0.1:${proxy.port}`,
      timeoutMs: 200,
      retryAfterMs: 300,
    });
    cleanups.push(testStore.close);
    const { store } = testStore;
    await store.ready(2_000);

    expect(await spendFree(store, "org-stall:sandbox")).toMatchObject({ remaining: 9 });
    expect((await testStore.keys()).length).toBeGreaterThan(0);

    proxy.hang();
    const started = Date.now();
    const during = await spendFree(store, "org-stall:sandbox");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(during.allowed).toBe(true);
    expect(warnings().some((message) => message.includes("no answer within 200 ms"))).toBe(true);

    await proxy.cut();
    await proxy.restore();
    // ioredis reconnects; after the retry delay Redis answers again, with the budget it kept.
    await vi.waitFor(
      async () => {
        const outcome = await spendFree(store, "org-stall:sandbox");
        expect(warnings().some((message) => message.includes("answers again"))).toBe(true);
        return outcome;
      },
      { timeout: 10_000, interval: 200 },
    );
  });

  test("Redis goes away mid-stream: no request fails", async () => {
    spyOnWarnings();
    const target = new URL(redisUrl);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    cleanups.push(proxy.close);
    const testStore = redisStoreForTest({
      redisUrl: `redis://127.0.0.1:${proxy.port}`,
      timeoutMs: 200,
    });
    cleanups.push(testStore.close);
    await testStore.store.ready(2_000);
    const outcomes = [];
    for (let index = 0; index < 20; index++) {
      if (index === 5) await proxy.cut();
      outcomes.push(await spendFree(testStore.store, `org-cut-${index}:sandbox`));
    }
    expect(outcomes.every((outcome) => outcome.allowed && outcome.remaining === 9)).toBe(true);
  });
});
