import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call } from "../support/api";
import { seedTenant, type TTestTenant } from "../support/tenant";

const secret = "a-plain-secret-of-at-least-24-chars";
let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

const registerIn = (environment: "production" | "sandbox", url: string) =>
  call("POST", "/webhooks", {
    key: tenant.keys[environment],
    environment,
    body: { url, events: ["*"], secret },
  });

describe("webhook URLs in production", () => {
  test.each([
    ["https://127.0.0.1/hook", "loopback"],
    ["https://10.0.0.1/hook", "private network"],
    ["https://169.254.169.254/latest/meta-data/", "cloud metadata"],
    ["https://[::1]/hook", "loopback"],
    ["https://[::ffff:127.0.0.1]/hook", "loopback"],
    ["https://2130706433/hook", "loopback"],
    ["https://localhost/hook", "loopback"],
    ["https://192.168.1.10:8443/hook", "private network"],
    ["http://hooks.example.com/hook", "https"],
  ])("refuse %s (400, param url)", async (url, reason) => {
    const response = await registerIn("production", url);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.error).toMatchObject({ code: "invalid_request", param: "url" });
    expect(response.body.error.message).toContain(reason);
    const listed = await call("GET", "/webhooks?limit=100", {
      key: tenant.keys.production,
      environment: "production",
    });
    expect(listed.body.data).toEqual([]);
  });

  test("a name that resolves to loopback is refused without disclosing the address", async () => {
    const response = await registerIn("production", "https://localhost:8443/hook");
    expect(response.body.error.message).toContain("url host resolves to a loopback address");
    expect(response.body.error.message).not.toContain("127.0.0.1");
  });

  test("PATCH cannot move a production endpoint to a refused URL either", async () => {
    const created = await registerIn("production", "https://1.1.1.1/hook");
    expect(created.status).toBe(201);
    const moved = await call("PATCH", `/webhooks/${created.body.id}`, {
      key: tenant.keys.production,
      environment: "production",
      body: { url: "https://10.0.0.1/hook" },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.param).toBe("url");
  });
});

describe("webhook URLs in sandbox (WEBHOOKS_ALLOW_PRIVATE_URLS defaults on)", () => {
  test("allows http and loopback receivers, still refuses cloud metadata", async () => {
    expect((await registerIn("sandbox", "http://127.0.0.1:9/hook")).status).toBe(201);
    expect((await registerIn("sandbox", "http://localhost:9/hook")).status).toBe(201);
    const metadata = await registerIn("sandbox", "http://169.254.169.254/latest/meta-data/");
    expect(metadata.status).toBe(400);
    expect(metadata.body.error.message).toContain("cloud metadata");
  });
});
