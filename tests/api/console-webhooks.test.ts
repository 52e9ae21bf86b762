import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { call, eventually } from "../support/api";
import { consoleOrigin, signedUpMember, type TMember } from "../support/console-session";
import { expectError } from "../support/expect-error";
import { startReceiver, type TReceived, type TReceiver } from "../support/receiver";
import { removeOrganization } from "../support/tenant";
import { tenantRows } from "../support/tenant-rows";

// The console's webhook routes, black-box against the production build, with real receivers on
// 127.0.0.1. The server runs with WEBHOOK_RETRY_SCALE=0.0001: a delivery's 8 attempts take about
// 8 seconds, so "failed" deliveries are real ones.

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const receivers: TReceiver[] = [];
let owner: TMember;
let stranger: TMember;
let apiKey: string;

const asMember = (who: TMember) => ({ headers: { cookie: who.cookie, origin: consoleOrigin() } });
const consoleCall = (who: TMember, method: string, path: string, body?: unknown) =>
  call(method, `/api/console/webhooks${path}`, {
    ...asMember(who),
    ...(body === undefined ? {} : { body }),
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  [owner, stranger] = await Promise.all([signedUpMember(), signedUpMember()]);
  const created = await call("POST", "/api/console/keys", {
    ...asMember(owner),
    body: {
      name: "webhook tests",
      environment: "sandbox",
      scopes: ["agent.register", "agent.update", "webhook.read"],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  apiKey = created.body.secret;
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  for (const who of [owner, stranger]) {
    if (who) await removeOrganization(who.organizationId);
  }
});

/** A receiver whose answer the test can change while it runs. */
async function receiver(initial: {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}) {
  const state = { answer: initial };
  const started = await startReceiver({
    handler: ({ res }) => {
      res.writeHead(state.answer.status, state.answer.headers ?? {}).end(state.answer.body ?? "");
    },
  });
  receivers.push(started);
  return { ...started, answerWith: (next: typeof initial) => (state.answer = next) };
}

async function endpoint(url: string, events: string[] = ["agent.registered"]) {
  const created = await consoleCall(owner, "POST", "?environment=sandbox", { url, events, secret });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

const registerAgent = async (name: string) => {
  const created = await call("POST", "/agents", { key: apiKey, body: { name } });
  expect(created.status).toBe(201);
  return created.body.id as string;
};

const about = (target: TReceiver, agentId: string): TReceived[] =>
  target.received.filter((entry) => JSON.parse(entry.body).data.object.id === agentId);

async function deliveriesOf(webhookId: string, query = "") {
  const listed = await consoleCall(
    owner,
    "GET",
    `/${webhookId}/deliveries?environment=sandbox&limit=100${query}`,
  );
  expect(listed.status).toBe(200);
  return listed.body.data as {
    id: string;
    eventId: string | null;
    test: boolean;
    status: string;
    eventType: string;
  }[];
}

describe("delivery attempts", () => {
  test("each attempt keeps the request sent and the answer: headers, bodies, status, latency", async () => {
    const target = await receiver({
      status: 503,
      body: "maintenance: back soon",
      headers: { "x-receiver": "first", "content-type": "text/plain" },
    });
    const webhookId = await endpoint(`${target.origin}/hook`);
    const agentId = await registerAgent("Attempts");
    await eventually(async () => expect(about(target, agentId)).toHaveLength(1), 15_000);
    target.answerWith({ status: 200, body: '{"ok":true}', headers: { "x-receiver": "second" } });
    await eventually(async () => expect(about(target, agentId)).toHaveLength(2), 15_000);

    const [delivery] = await eventually(async () => {
      const listed = await deliveriesOf(webhookId);
      expect(listed[0]?.status).toBe("delivered");
      return listed;
    }, 15_000);
    const attempts = await consoleCall(
      owner,
      "GET",
      `/${webhookId}/deliveries/${delivery!.id}/attempts?environment=sandbox`,
    );
    expect(attempts.status).toBe(200);
    // The API answers the same attempts as the console.
    const fromApi = await call(
      "GET",
      `/webhooks/${webhookId}/deliveries/${delivery!.id}/attempts`,
      { key: apiKey },
    );
    expect(fromApi.status).toBe(200);
    expect(fromApi.body).toEqual(attempts.body);
    const [second, first] = attempts.body.data;
    expect(attempts.body.data).toHaveLength(2);
    const [firstSent, secondSent] = about(target, agentId);
    expect(first).toMatchObject({
      attempt: 1,
      status: "failed",
      responseCode: 503,
      latency: expect.stringMatching(/^\d+ms$/),
      error: "receiver answered 503",
      finishedAt: expect.stringMatching(/Z$/),
      response: {
        headers: expect.objectContaining({ "x-receiver": "first", "content-type": "text/plain" }),
        body: "maintenance: back soon",
      },
    });
    expect(second).toMatchObject({
      attempt: 2,
      status: "succeeded",
      responseCode: 200,
      error: null,
      response: {
        headers: expect.objectContaining({ "x-receiver": "second" }),
        body: '{"ok":true}',
      },
    });
    // What the console shows is exactly what the receiver got, signature headers included.
    for (const [shown, received] of [
      [first, firstSent],
      [second, secondSent],
    ] as const) {
      expect(shown.request.body).toBe(received!.body);
      for (const name of ["webhook-id", "webhook-timestamp", "webhook-signature", "user-agent"]) {
        expect(shown.request.headers[name]).toBe(received!.headers[name]);
      }
      expect(shown.request.headers["webhook-id"]).toBe(delivery!.eventId);
    }
  });

  test("an unreachable receiver: the error names the connection failure, and no answer is shown", async () => {
    const gone = await startReceiver({
      handler: ({ res }) => {
        res.writeHead(200).end();
      },
    });
    const url = `${gone.origin}/hook`;
    await gone.close();
    const webhookId = await endpoint(url);
    await registerAgent("Unreachable");
    const attempt = await eventually(async () => {
      const [delivery] = await deliveriesOf(webhookId);
      const attempts = await consoleCall(
        owner,
        "GET",
        `/${webhookId}/deliveries/${delivery!.id}/attempts?environment=sandbox`,
      );
      const oldest = attempts.body.data.at(-1);
      expect(oldest?.status).toBe("failed");
      return oldest;
    }, 15_000);
    expect(attempt).toMatchObject({
      attempt: 1,
      responseCode: null,
      error: "connection failed (ECONNREFUSED)",
      response: null,
      request: {
        headers: expect.objectContaining({ "webhook-signature": expect.stringMatching(/^v1,/) }),
      },
    });
    await consoleCall(owner, "DELETE", `/${webhookId}?environment=sandbox`);
  });

  test("another organization's delivery, or one of another endpoint, is a 404", async () => {
    const target = await receiver({ status: 204 });
    const webhookId = await endpoint(`${target.origin}/other-endpoint`);
    const otherId = await endpoint(`${target.origin}/sibling`);
    await registerAgent("Foreign");
    const [delivery] = await eventually(async () => {
      const listed = await deliveriesOf(webhookId);
      expect(listed).toHaveLength(1);
      return listed;
    }, 15_000);
    const path = `/deliveries/${delivery!.id}/attempts?environment=sandbox`;
    expectError(await consoleCall(stranger, "GET", `/${webhookId}${path}`), 404, "not_found");
    expectError(await consoleCall(owner, "GET", `/${otherId}${path}`), 404, "not_found");
    expectError(
      await consoleCall(owner, "GET", `/${webhookId}${path.replace("sandbox", "production")}`),
      404,
      "not_found",
    );
  });
});

describe("delivery filters", () => {
  test("by status and by event type; an unknown event type is a 400", async () => {
    const target = await receiver({ status: 200 });
    const webhookId = await endpoint(`${target.origin}/filters`, [
      "agent.registered",
      "agent.updated",
    ]);
    const agentId = await registerAgent("Filtered");
    await call("PATCH", `/agents/${agentId}`, { key: apiKey, body: { description: "changed" } });
    await eventually(async () => {
      const listed = await deliveriesOf(webhookId, "&status=delivered");
      expect(listed).toHaveLength(2);
    }, 15_000);
    const updated = await deliveriesOf(webhookId, "&eventType=agent.updated");
    expect(updated.map((delivery) => delivery.eventType)).toEqual(["agent.updated"]);
    expect(await deliveriesOf(webhookId, "&eventType=agent.updated&status=failed")).toEqual([]);
    expectError(
      await consoleCall(
        owner,
        "GET",
        `/${webhookId}/deliveries?environment=sandbox&eventType=agent.exploded`,
      ),
      400,
      "invalid_request",
      "eventType",
    );
  });
});

describe("retry every failed delivery since a time", () => {
  test("counts, then re-queues each failed delivery since then once; a second click sends nothing more", async () => {
    const target = await receiver({ status: 500, body: "down" });
    const webhookId = await endpoint(`${target.origin}/recover`);
    const agents = [
      await registerAgent("Recover old"),
      await registerAgent("Recover one"),
      await registerAgent("Recover two"),
    ];
    await eventually(async () => {
      const listed = await deliveriesOf(webhookId, "&status=failed");
      expect(listed).toHaveLength(3);
    }, 30_000);
    // The first failure happened "long ago": before the chosen time, so it stays failed.
    const [old] = (await deliveriesOf(webhookId)).filter(
      (delivery) => delivery.eventId === JSON.parse(about(target, agents[0]!)[0]!.body).id,
    );
    await db
      .update(webhookDeliveries)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) })
      .where(eq(webhookDeliveries.id, old!.id));
    const since = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    const before = agents.map((agentId) => about(target, agentId).length);
    // A failed test event is in the log as failed; a retry of every failure leaves it alone.
    const tested = await consoleCall(owner, "POST", `/${webhookId}/test?environment=sandbox`, {
      eventType: "agent.registered",
    });
    expect(tested.status).toBe(502);
    const [testDelivery] = (await deliveriesOf(webhookId)).filter((delivery) => delivery.test);
    expect(testDelivery).toMatchObject({ status: "failed", eventId: null, attempts: 1 });

    const counted = await consoleCall(
      owner,
      "GET",
      `/${webhookId}/retry-failed?environment=sandbox&since=${encodeURIComponent(since)}`,
    );
    expect(counted.body).toEqual({ since, failed: 2 });
    target.answerWith({ status: 200 });
    const retried = await consoleCall(
      owner,
      "POST",
      `/${webhookId}/retry-failed?environment=sandbox`,
      {
        since,
      },
    );
    expect(retried.status).toBe(202);
    expect(retried.body).toEqual({ since, retried: 2, remaining: 0 });
    const again = await consoleCall(
      owner,
      "POST",
      `/${webhookId}/retry-failed?environment=sandbox`,
      {
        since,
      },
    );
    expect(again.body).toEqual({ since, retried: 0, remaining: 0 });
    expect((await deliveriesOf(webhookId)).find((delivery) => delivery.test)).toMatchObject({
      id: testDelivery!.id,
      status: "failed",
      attempts: 1,
    });

    await eventually(async () => {
      const delivered = await deliveriesOf(webhookId, "&status=delivered");
      expect(delivered).toHaveLength(2);
    }, 15_000);
    await sleep(2_000); // nothing more arrives: exactly one new request per retried delivery
    expect(agents.map((agentId) => about(target, agentId).length)).toEqual([
      before[0],
      before[1]! + 1,
      before[2]! + 1,
    ]);
    // The old failure and the failed test stay failed; nothing else did.
    const stillFailed = await deliveriesOf(webhookId, "&status=failed");
    expect(stillFailed.map((delivery) => delivery.id).sort()).toEqual(
      [old!.id, testDelivery!.id].sort(),
    );
    const [oldRow] = await db
      .select({ attempts: webhookDeliveries.attempts })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, old!.id), eq(webhookDeliveries.status, "failed")));
    expect(oldRow!.attempts).toBe(8);
  }, 60_000);

  test("bad input is a 400 that changes nothing; a disabled endpoint is a 409; another organization's is a 404", async () => {
    const target = await receiver({ status: 200 });
    const webhookId = await endpoint(`${target.origin}/bad-input`);
    const path = `/${webhookId}/retry-failed?environment=sandbox`;
    const before = await tenantRows(owner.organizationId);
    expectError(
      await consoleCall(owner, "POST", path, { since: "yesterday" }),
      400,
      "invalid_request",
      "since",
    );
    expectError(await consoleCall(owner, "POST", path, {}), 400, "invalid_request", "since");
    expectError(
      await consoleCall(owner, "POST", path, { since: new Date().toISOString(), all: true }),
      400,
      "invalid_request",
    );
    expectError(await consoleCall(owner, "GET", path), 400, "invalid_request", "since");
    expectError(
      await consoleCall(stranger, "POST", path, { since: new Date().toISOString() }),
      404,
      "not_found",
    );
    expectError(
      await consoleCall(
        stranger,
        "GET",
        `${path}&since=${encodeURIComponent(new Date().toISOString())}`,
      ),
      404,
      "not_found",
    );
    const foreignOrigin = await call("POST", `/api/console/webhooks${path}`, {
      headers: { cookie: owner.cookie, origin: "https://evil.example" },
      body: { since: new Date().toISOString() },
    });
    expectError(foreignOrigin, 403, "forbidden");
    expect(await tenantRows(owner.organizationId)).toEqual(before);

    await consoleCall(owner, "PATCH", `/${webhookId}?environment=sandbox`, { status: "disabled" });
    expectError(
      await consoleCall(owner, "POST", path, { since: new Date().toISOString() }),
      409,
      "conflict",
    );
  });
});

describe("signing secret", () => {
  test("revealed only by its own route, to its own organization", async () => {
    const target = await receiver({ status: 200 });
    const webhookId = await endpoint(`${target.origin}/secret`);
    const revealed = await consoleCall(owner, "GET", `/${webhookId}/secret?environment=sandbox`);
    expect(revealed.status).toBe(200);
    expect(revealed.body).toEqual({ webhookId, secret });
    expect(revealed.headers.get("cache-control")).toBe("no-store");

    const rotated = "whsec_QkFTRTY0IHNlY3JldCBmb3IgdGVzdHMgb25seSE=";
    await consoleCall(owner, "PATCH", `/${webhookId}?environment=sandbox`, { secret: rotated });
    const afterRotation = await consoleCall(
      owner,
      "GET",
      `/${webhookId}/secret?environment=sandbox`,
    );
    expect(afterRotation.body.secret).toBe(rotated);

    await registerAgent("Secret");
    await eventually(async () => expect(await deliveriesOf(webhookId)).toHaveLength(1), 15_000);
    const [delivery] = await deliveriesOf(webhookId);
    for (const path of [
      `/${webhookId}?environment=sandbox`,
      "?environment=sandbox&limit=100",
      `/${webhookId}/deliveries?environment=sandbox`,
      `/${webhookId}/deliveries/${delivery!.id}/attempts?environment=sandbox`,
    ]) {
      const response = await consoleCall(owner, "GET", path);
      expect(response.status).toBe(200);
      expect(JSON.stringify(response.body)).not.toContain(rotated);
      expect(JSON.stringify(response.body)).not.toContain(secret);
    }

    expectError(
      await consoleCall(stranger, "GET", `/${webhookId}/secret?environment=sandbox`),
      404,
      "not_found",
    );
    expectError(
      await consoleCall(owner, "GET", `/${webhookId}/secret?environment=production`),
      404,
      "not_found",
    );
    const signedOut = await call(
      "GET",
      `/api/console/webhooks/${webhookId}/secret?environment=sandbox`,
    );
    expectError(signedOut, 401, "unauthorized");
  });
});

describe("test event of a chosen type", () => {
  test("delivers a signed, realistic example of that type, marked test, and logs it as a test delivery", async () => {
    const target = await receiver({ status: 200 });
    const webhookId = await endpoint(`${target.origin}/test-events`, ["*"]);
    const sent = await consoleCall(owner, "POST", `/${webhookId}/test?environment=sandbox`, {
      eventType: "settlement.failed",
    });
    expect(sent.status).toBe(200);
    expect(sent.body.testDelivery).toMatchObject({
      status: "delivered",
      responseCode: 200,
      signatureValid: true,
    });
    const [received] = target.received;
    const event = JSON.parse(received!.body);
    expect(event).toMatchObject({
      type: "settlement.failed",
      environment: "sandbox",
      data: {
        object: {
          status: "failed",
          failureCode: "insufficient_funds",
          amount: { value: 12_500, currency: "USD" },
          test: true,
        },
      },
    });
    expect(received!.headers["webhook-id"]).toBe(event.id);
    expect(await deliveriesOf(webhookId)).toEqual([
      expect.objectContaining({
        id: sent.body.testDelivery.id,
        test: true,
        eventId: null,
        eventType: "settlement.failed",
        status: "delivered",
      }),
    ]);

    const notSubscribed = await endpoint(`${target.origin}/narrow`, ["agent.registered"]);
    const before = target.received.length;
    expectError(
      await consoleCall(owner, "POST", `/${notSubscribed}/test?environment=sandbox`, {
        eventType: "settlement.failed",
      }),
      400,
      "invalid_request",
      "eventType",
    );
    expect(target.received).toHaveLength(before);
  });
});
