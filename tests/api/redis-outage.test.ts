import { afterAll, beforeAll, expect, test } from "vitest";
import { call, eventually } from "../support/api";
import { startChildServer, type TChildServer } from "../support/child-server";
import { startTcpProxy, type TTcpProxy } from "../support/tcp-proxy";
import { seedTenant, type TTestTenant } from "../support/tenant";

// The server reaches Redis through a proxy the test can cut, as if Redis stopped.
let proxy: TTcpProxy | undefined;
let server: TChildServer | undefined;
let tenant: TTestTenant;

beforeAll(async () => {
  const redis = new URL(process.env.REDIS_URL ?? "redis://127.0.0.1:6379");
  proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
  server = await startChildServer({
    env: {
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
      RATE_LIMIT_PREFIX: `ass:test:redis-outage:${Date.now()}`,
    },
  });
  tenant = await seedTenant({ plan: "pro" });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await tenant?.remove();
});

const list = () => call("GET", "/agents", { key: tenant.keys.sandbox, baseUrl: server!.baseUrl });
const remaining = (response: Awaited<ReturnType<typeof list>>) =>
  Number(response.headers.get("x-ratelimit-remaining"));

test("Redis away while requests flow: served by the per-process limiter, then Redis again", async () => {
  const before = await list();
  expect(before.status).toBe(200);
  expect(remaining(before)).toBe(99);

  await proxy!.cut();
  for (let index = 0; index < 20; index++) {
    const during = await list();
    expect(during.status).toBe(200);
    expect(during.headers.get("x-ratelimit-limit")).toBe("600");
  }
  expect(server!.output()).toContain("using per-process limits");
  const notReady = await fetch(`${server!.baseUrl}/api/ready`);
  expect(notReady.status).toBe(503);
  expect(await notReady.json()).toMatchObject({
    status: "not_ready",
    checks: expect.arrayContaining([expect.objectContaining({ name: "rate_limits", ok: false })]),
  });

  await proxy!.restore();
  // The limiter asks Redis again a few seconds after its last failure, and says so once.
  await eventually(async () => {
    const after = await list();
    expect(after.status).toBe(200);
    expect(remaining(after)).toBeGreaterThan(0);
    expect(server!.output()).toContain("answers again");
  }, 20_000);
  expect((await fetch(`${server!.baseUrl}/api/ready`)).status).toBe(200);
});
