import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call } from "../support/api";
import { answer, startReceiver, type TReceiver } from "../support/receiver";
import { seedTenant, type TTestTenant } from "../support/tenant";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
let tenant: TTestTenant;
let other: TTestTenant;
let ok: TReceiver;
let failing: TReceiver;
beforeAll(async () => {
  [tenant, other, ok, failing] = await Promise.all([
    seedTenant(),
    seedTenant(),
    startReceiver({ handler: answer(200) }),
    startReceiver({ handler: answer(503) }),
  ]);
});
afterAll(async () => {
  await Promise.all([tenant.remove(), other.remove(), ok.close(), failing.close()]);
});

const key = () => tenant.keys.sandbox;
let pathCounter = 0;
const uniqueUrl = (receiver: TReceiver) => `${receiver.origin}/hooks/${++pathCounter}`;
const register = (body: Record<string, unknown>, options: { key?: string } = {}) =>
  call("POST", "/webhooks", { key: options.key ?? key(), body: { secret, ...body } });

function expectError(
  response: { status: number; body: any },
  status: number,
  code: string,
  param?: string,
) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.body.error.code).toBe(code);
  if (param !== undefined) expect(response.body.error.param).toBe(param);
}

describe("POST /v1/webhooks", () => {
  test("registers an endpoint and answers exactly id, url, events, status, createdAt", async () => {
    const url = uniqueUrl(ok);
    const created = await register({
      url,
      events: ["settlement.executed"],
      description: "ledger",
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(
      ["createdAt", "events", "id", "status", "url"].sort(),
    );
    expect(created.body).toMatchObject({ url, events: ["settlement.executed"], status: "active" });
    expect(created.body.id).toMatch(/^wh-[0-9A-Za-z]{16}$/);
    expect(created.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  test.each([
    ["not a URL", { url: "not a url" }, "url"],
    ["a non-http scheme", { url: "ftp://example.com/hook" }, "url"],
    ["an unresolvable host", { url: "https://nowhere.invalid/hook" }, "url"],
    ["an unsupported event type", { events: ["settlement.exploded"] }, "events.0"],
    ["an empty event list", { events: [] }, "events"],
    ["a missing url", { url: undefined }, "url"],
    ["a short secret", { secret: "too-short" }, "secret"],
    ["a whsec_ secret that is not base64", { secret: "whsec_!!!notbase64!!!" }, "secret"],
    ["an unknown field", { colour: "red" }, "colour"],
  ])("400 for %s, and nothing is created", async (_name, override, param) => {
    const before = await call("GET", "/webhooks?limit=100", { key: key() });
    const response = await register({
      url: uniqueUrl(ok),
      events: ["*"],
      ...override,
    });
    expectError(response, 400, "invalid_request", param);
    const after = await call("GET", "/webhooks?limit=100", { key: key() });
    expect(after.body.data).toHaveLength(before.body.data.length);
  });

  test("409 conflict for a second endpoint on the same URL; free again once deleted", async () => {
    const url = uniqueUrl(ok);
    const first = await register({ url, events: ["*"] });
    expect(first.status).toBe(201);
    const second = await register({ url, events: ["agent.updated"] });
    expectError(second, 409, "conflict", "url");
    expect(second.body.error.message).toContain(first.body.id);
    // The same URL in the other environment, or for another organization, is another endpoint.
    const otherTenant = await register({ url, events: ["*"] }, { key: other.keys.sandbox });
    expect(otherTenant.status).toBe(201);

    expect((await call("DELETE", `/webhooks/${first.body.id}`, { key: key() })).status).toBe(200);
    const again = await register({ url, events: ["*"] });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
  });

  test("401 without a key, 403 without webhook.create", async () => {
    const body = { url: uniqueUrl(ok), events: ["*"], secret };
    expectError(await call("POST", "/webhooks", { body }), 401, "unauthorized");
    const readOnly = await seedTenant({ scopes: ["webhook.read"] });
    try {
      expectError(
        await call("POST", "/webhooks", { key: readOnly.keys.sandbox, body }),
        403,
        "forbidden",
      );
    } finally {
      await readOnly.remove();
    }
  });
});

describe("GET /v1/webhooks", () => {
  test("lists id, url, events, status, successRate, lastDeliveredAt, never the secret", async () => {
    const created = await register({ url: uniqueUrl(ok), events: ["agent.registered"] });
    const listed = await call("GET", "/webhooks", { key: key() });
    expect(listed.status).toBe(200);
    const item = listed.body.data.find((entry: { id: string }) => entry.id === created.body.id);
    expect(Object.keys(item).sort()).toEqual(
      ["events", "id", "lastDeliveredAt", "status", "successRate", "url"].sort(),
    );
    expect(item).toMatchObject({ successRate: null, lastDeliveredAt: null });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(listed.body).toMatchObject({ hasMore: false, cursor: null });
  });

  test("401 for an invalid or missing API key", async () => {
    expectError(await call("GET", "/webhooks"), 401, "unauthorized");
    expectError(await call("GET", "/webhooks", { key: "sk_test_nope" }), 401, "unauthorized");
  });

  test("another organization's and the other environment's endpoints are not listed", async () => {
    const mine = await register({ url: uniqueUrl(ok), events: ["*"] });
    const theirs = await call("GET", "/webhooks?limit=100", { key: other.keys.sandbox });
    const production = await call("GET", "/webhooks?limit=100", {
      key: tenant.keys.production,
      environment: "production",
    });
    for (const page of [theirs, production]) {
      expect(page.status).toBe(200);
      expect(page.body.data.map((entry: { id: string }) => entry.id)).not.toContain(mine.body.id);
    }
  });
});

describe("GET /v1/webhooks/:id", () => {
  test("answers id, url, events, status, description, stats, createdAt", async () => {
    const created = await register({ url: uniqueUrl(ok), events: ["*"], description: "all" });
    const fetched = await call("GET", `/webhooks/${created.body.id}`, { key: key() });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual({
      id: created.body.id,
      url: created.body.url,
      events: ["*"],
      status: "active",
      description: "all",
      stats: { totalDeliveries: 0, successRate: null, averageLatency: null, lastDeliveredAt: null },
      createdAt: created.body.createdAt,
    });
  });

  test("404 for an unknown id and for another organization's endpoint", async () => {
    expectError(
      await call("GET", "/webhooks/wh-doesnotexist0000", { key: key() }),
      404,
      "not_found",
    );
    const theirs = await register(
      { url: uniqueUrl(ok), events: ["*"] },
      { key: other.keys.sandbox },
    );
    expectError(await call("GET", `/webhooks/${theirs.body.id}`, { key: key() }), 404, "not_found");
    expectError(
      await call("GET", `/webhooks/${theirs.body.id}`, {
        key: other.keys.production,
        environment: "production",
      }),
      404,
      "not_found",
    );
  });
});

describe("PATCH /v1/webhooks/:id", () => {
  test("changes url, events and status; answers id, url, events, status, updatedAt", async () => {
    const created = await register({ url: uniqueUrl(ok), events: ["*"] });
    const url = uniqueUrl(ok);
    const updated = await call("PATCH", `/webhooks/${created.body.id}`, {
      key: key(),
      body: { url, events: ["negotiation.accepted"], status: "disabled" },
    });
    expect(updated.status).toBe(200);
    expect(Object.keys(updated.body).sort()).toEqual(
      ["events", "id", "status", "updatedAt", "url"].sort(),
    );
    expect(updated.body).toMatchObject({
      id: created.body.id,
      url,
      events: ["negotiation.accepted"],
      status: "disabled",
    });
    const reenabled = await call("PATCH", `/webhooks/${created.body.id}`, {
      key: key(),
      body: { status: "active" },
    });
    expect(reenabled.body.status).toBe("active");
  });

  test.each([
    ["an unsupported event type", { events: ["agent.exploded"] }, "events.0"],
    ["an invalid status value", { status: "paused" }, "status"],
    ["an invalid URL", { url: "https://" }, "url"],
    ["secretOverlap without secret", { secretOverlap: "1h" }, "secretOverlap"],
  ])("400 for %s, and nothing changes", async (_name, body, param) => {
    const created = await register({ url: uniqueUrl(ok), events: ["*"] });
    const response = await call("PATCH", `/webhooks/${created.body.id}`, { key: key(), body });
    expectError(response, 400, "invalid_request", param);
    const fetched = await call("GET", `/webhooks/${created.body.id}`, { key: key() });
    expect(fetched.body).toMatchObject({ url: created.body.url, events: ["*"], status: "active" });
  });

  test("409 when moving to a URL another endpoint has", async () => {
    const a = await register({ url: uniqueUrl(ok), events: ["*"] });
    const b = await register({ url: uniqueUrl(ok), events: ["*"] });
    const response = await call("PATCH", `/webhooks/${b.body.id}`, {
      key: key(),
      body: { url: a.body.url },
    });
    expectError(response, 409, "conflict", "url");
  });

  test("404 for an unknown id and another organization's endpoint", async () => {
    const body = { status: "disabled" };
    expectError(
      await call("PATCH", "/webhooks/wh-doesnotexist0000", { key: key(), body }),
      404,
      "not_found",
    );
    const theirs = await register(
      { url: uniqueUrl(ok), events: ["*"] },
      { key: other.keys.sandbox },
    );
    expectError(
      await call("PATCH", `/webhooks/${theirs.body.id}`, { key: key(), body }),
      404,
      "not_found",
    );
    const still = await call("GET", `/webhooks/${theirs.body.id}`, { key: other.keys.sandbox });
    expect(still.body.status).toBe("active");
  });
});

describe("DELETE /v1/webhooks/:id", () => {
  test("answers id, deleted, deletedAt; the endpoint is gone afterwards", async () => {
    const created = await register({ url: uniqueUrl(ok), events: ["*"] });
    const deleted = await call("DELETE", `/webhooks/${created.body.id}`, { key: key() });
    expect(deleted.status).toBe(200);
    expect(Object.keys(deleted.body).sort()).toEqual(["deleted", "deletedAt", "id"]);
    expect(deleted.body).toMatchObject({ id: created.body.id, deleted: true });
    expectError(
      await call("GET", `/webhooks/${created.body.id}`, { key: key() }),
      404,
      "not_found",
    );
    expectError(
      await call("DELETE", `/webhooks/${created.body.id}`, { key: key() }),
      404,
      "not_found",
    );
  });

  test("404 for another organization's endpoint, which stays", async () => {
    const theirs = await register(
      { url: uniqueUrl(ok), events: ["*"] },
      { key: other.keys.sandbox },
    );
    expectError(
      await call("DELETE", `/webhooks/${theirs.body.id}`, { key: key() }),
      404,
      "not_found",
    );
    expect(
      (await call("GET", `/webhooks/${theirs.body.id}`, { key: other.keys.sandbox })).status,
    ).toBe(200);
  });
});

describe("POST /v1/webhooks/:id/test", () => {
  test("delivers a signed sample event that standardwebhooks verifies; 200 delivered", async () => {
    const created = await register({ url: uniqueUrl(ok), events: ["settlement.executed"] });
    const before = ok.received.length;
    const tested = await call("POST", `/webhooks/${created.body.id}/test`, {
      key: key(),
      body: { eventType: "settlement.executed" },
    });
    expect(tested.status).toBe(200);
    expect(tested.body).toEqual({
      webhookId: created.body.id,
      testDelivery: {
        id: expect.stringMatching(/^dlv-/),
        status: "delivered",
        responseCode: 200,
        latency: expect.stringMatching(/^\d+ms$/),
        signatureValid: true,
      },
      sentAt: expect.stringMatching(/Z$/),
    });
    expect(ok.received.length).toBe(before + 1);
    const received = ok.received.at(-1)!;
    const payload = new Webhook(secret).verify(received.body, received.headers as never) as any;
    expect(payload).toMatchObject({
      type: "settlement.executed",
      environment: "sandbox",
      apiVersion: "v1",
    });
    expect(payload.id).toMatch(/^evt-/);
    expect(received.headers["webhook-id"]).toBe(payload.id);
    // The test is in the delivery log, with what was sent and answered, and in the statistics.
    const deliveries = await call("GET", `/webhooks/${created.body.id}/deliveries`, { key: key() });
    expect(deliveries.body.data).toEqual([
      expect.objectContaining({
        id: tested.body.testDelivery.id,
        test: true,
        eventId: null,
        eventType: "settlement.executed",
        status: "delivered",
        attempts: 1,
        responseCode: 200,
        nextAttemptAt: null,
      }),
    ]);
    const attempts = await call(
      "GET",
      `/webhooks/${created.body.id}/deliveries/${tested.body.testDelivery.id}/attempts`,
      { key: key() },
    );
    expect(attempts.body.data).toHaveLength(1);
    expect(attempts.body.data[0]).toMatchObject({
      attempt: 1,
      status: "succeeded",
      responseCode: 200,
    });
    expect(JSON.parse(attempts.body.data[0].request.body)).toEqual(payload);
    const fetched = await call("GET", `/webhooks/${created.body.id}`, { key: key() });
    expect(fetched.body.stats).toMatchObject({ totalDeliveries: 1, successRate: 100 });
    // A test delivery is not sent again.
    expectError(
      await call(
        "POST",
        `/webhooks/${created.body.id}/deliveries/${tested.body.testDelivery.id}/retry`,
        { key: key() },
      ),
      409,
      "conflict",
    );
    expect(ok.received.length).toBe(before + 1);
  });

  test("502 bad_gateway naming the receiver's status when it answers an error", async () => {
    const created = await register({ url: uniqueUrl(failing), events: ["*"] });
    const tested = await call("POST", `/webhooks/${created.body.id}/test`, {
      key: key(),
      body: { eventType: "agent.updated" },
    });
    expectError(tested, 502, "bad_gateway");
    expect(tested.body.error.message).toContain("503");
    const deliveryId = /Delivery (dlv-\S+) in the endpoint's delivery log/.exec(
      tested.body.error.message,
    )?.[1];
    const deliveries = await call("GET", `/webhooks/${created.body.id}/deliveries`, { key: key() });
    expect(deliveries.body.data).toEqual([
      expect.objectContaining({
        id: deliveryId,
        test: true,
        eventType: "agent.updated",
        status: "failed",
        attempts: 1,
        responseCode: 503,
      }),
    ]);
  });

  test("502 when the receiver does not answer within 10 s", { timeout: 30_000 }, async () => {
    const silent = await startReceiver({ handler: () => new Promise(() => {}) });
    try {
      const created = await register({ url: `${silent.origin}/slow`, events: ["*"] });
      const started = Date.now();
      const tested = await call("POST", `/webhooks/${created.body.id}/test`, { key: key() });
      expectError(tested, 502, "bad_gateway");
      expect(tested.body.error.message).toContain("10 seconds");
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
    } finally {
      await silent.close();
    }
  });

  test("400 for an unsupported or unsubscribed event type; 404 for unknown and foreign ids", async () => {
    const created = await register({ url: uniqueUrl(ok), events: ["agent.updated"] });
    const before = ok.received.length;
    expectError(
      await call("POST", `/webhooks/${created.body.id}/test`, {
        key: key(),
        body: { eventType: "agent.exploded" },
      }),
      400,
      "invalid_request",
      "eventType",
    );
    expectError(
      await call("POST", `/webhooks/${created.body.id}/test`, {
        key: key(),
        body: { eventType: "settlement.failed" },
      }),
      400,
      "invalid_request",
      "eventType",
    );
    expect(ok.received.length).toBe(before);
    expectError(
      await call("POST", "/webhooks/wh-doesnotexist0000/test", { key: key(), body: {} }),
      404,
      "not_found",
    );
    const theirs = await register(
      { url: uniqueUrl(ok), events: ["*"] },
      { key: other.keys.sandbox },
    );
    expectError(
      await call("POST", `/webhooks/${theirs.body.id}/test`, { key: key(), body: {} }),
      404,
      "not_found",
    );
  });

  test("needs webhook.update", async () => {
    const created = await register({ url: uniqueUrl(ok), events: ["*"] });
    const reader = await seedTenant({ scopes: ["webhook.read"] });
    try {
      // A key of another organization gets 403 before any lookup (scope comes first).
      expectError(
        await call("POST", `/webhooks/${created.body.id}/test`, { key: reader.keys.sandbox }),
        403,
        "forbidden",
      );
    } finally {
      await reader.remove();
    }
  });
});

test("an environment holds at most 100 endpoints, even when created all at once", async () => {
  const crowded = await seedTenant();
  try {
    const created = await Promise.all(
      Array.from({ length: 105 }, () =>
        register({ url: uniqueUrl(ok), events: ["*"] }, { key: crowded.keys.sandbox }),
      ),
    );
    const statuses = created.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(100);
    const refused = created.filter((response) => response.status !== 201);
    expect(refused).toHaveLength(5);
    for (const response of refused) {
      expectError(response, 409, "conflict");
      expect(response.body.error.message).toContain("100 webhook endpoints");
    }
    const listed = await call("GET", "/webhooks?limit=100", { key: crowded.keys.sandbox });
    expect(listed.body).toMatchObject({ hasMore: false });
    expect(listed.body.data).toHaveLength(100);

    const freed = created.find((response) => response.status === 201)!.body.id;
    expect((await call("DELETE", `/webhooks/${freed}`, { key: crowded.keys.sandbox })).status).toBe(
      200,
    );
    const again = await register(
      { url: uniqueUrl(ok), events: ["*"] },
      { key: crowded.keys.sandbox },
    );
    expect(again.status).toBe(201);
  } finally {
    await crowded.remove();
  }
});
