import { eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, rawSql } from "@/db/client";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";
import { call, eventually } from "../support/api";
import { answer, startReceiver, type TReceived, type TReceiver } from "../support/receiver";
import { seedTenant, type TTestTenant } from "../support/tenant";

// End to end: the production build's outbox and embedded runner deliver to real receivers on
// 127.0.0.1 (sandbox allows them). The server runs with WEBHOOK_RETRY_SCALE=0.0001, so every
// wait between attempts is one second (the shortest durable sleep).

const whsec = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const plainSecret = "rotated-plain-secret-0123456789";
const receivers: TReceiver[] = [];
let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(async () => {
  // Deleting the endpoints cancels the retries still scheduled, so they do not outlive the file.
  const listed = await call("GET", "/webhooks?limit=100", { key: key() });
  for (const { id } of listed.body.data as { id: string }[]) {
    await call("DELETE", `/webhooks/${id}`, { key: key() });
  }
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await tenant.remove();
});

const key = () => tenant.keys.sandbox;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const verifier = (secret: string) =>
  secret.startsWith("whsec_")
    ? new Webhook(secret)
    : new Webhook(new TextEncoder().encode(secret), { format: "raw" });
const verify = (secret: string, received: TReceived) =>
  verifier(secret).verify(received.body, received.headers as Record<string, string>) as {
    id: string;
    type: string;
    data: { object: { id: string } };
  };

async function receiver(handler = answer(200)) {
  const started = await startReceiver({ handler });
  receivers.push(started);
  return started;
}

async function endpoint(target: TReceiver, events: string[], secret = whsec) {
  const created = await call("POST", "/webhooks", {
    key: key(),
    body: { url: `${target.origin}/hook`, events, secret },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

const registerAgent = async (name: string) =>
  (await call("POST", "/agents", { key: key(), body: { name } })).body.id as string;

/** Received requests about the agent, i.e. for the events of this test only. */
const about = (target: TReceiver, agentId: string) =>
  target.received.filter((entry) => JSON.parse(entry.body).data.object.id === agentId);

describe("webhook delivery", () => {
  test("an event reaches each subscribed receiver once, signed; others get nothing", async () => {
    const [subscribed, unsubscribed, everything] = await Promise.all([
      receiver(),
      receiver(),
      receiver(),
    ]);
    const subscribedId = await endpoint(subscribed, ["agent.registered"]);
    await endpoint(unsubscribed, ["settlement.executed", "agent.deleted"]);
    const everythingId = await endpoint(everything, ["*"]);

    const agentId = await registerAgent("Subscribed");
    await call("PATCH", `/agents/${agentId}`, { key: key(), body: { description: "changed" } });

    await eventually(async () => expect(about(everything, agentId)).toHaveLength(2), 15_000);
    await eventually(async () => expect(about(subscribed, agentId)).toHaveLength(1), 15_000);
    await sleep(1_500); // nothing more arrives: no duplicate, no late delivery
    expect(about(subscribed, agentId)).toHaveLength(1);
    expect(about(everything, agentId)).toHaveLength(2);
    expect(unsubscribed.received).toHaveLength(0);

    const [delivered] = about(subscribed, agentId);
    const payload = verify(whsec, delivered!);
    expect(payload).toMatchObject({
      type: "agent.registered",
      environment: "sandbox",
      apiVersion: "v1",
    });
    expect(delivered!.headers["webhook-id"]).toBe(payload.id);
    expect(delivered!.headers["content-type"]).toBe("application/json");
    const stored = await call("GET", `/events/${payload.id}`, { key: key() });
    expect(JSON.parse(delivered!.body)).toEqual(stored.body);
    expect(
      about(everything, agentId)
        .map((entry) => verify(whsec, entry).type)
        .sort(),
    ).toEqual(["agent.registered", "agent.updated"]);

    const stats = await call("GET", `/webhooks/${subscribedId}`, { key: key() });
    expect(stats.body.stats).toEqual({
      totalDeliveries: 1,
      successRate: 100,
      averageLatency: expect.stringMatching(/^\d+ms$/),
      lastDeliveredAt: expect.stringMatching(/Z$/),
    });
    const list = await call("GET", "/webhooks?limit=100", { key: key() });
    expect(list.body.data.find((item: { id: string }) => item.id === everythingId)).toMatchObject({
      successRate: 100,
      lastDeliveredAt: expect.stringMatching(/Z$/),
    });
    const log = await call("GET", `/webhooks/${subscribedId}/deliveries`, { key: key() });
    expect(log.body.data).toEqual([
      expect.objectContaining({
        eventId: payload.id,
        eventType: "agent.registered",
        status: "delivered",
        attempts: 1,
        responseCode: 200,
        latency: expect.stringMatching(/^\d+ms$/),
        nextAttemptAt: null,
      }),
    ]);
    // The first attempt ran in a batch run, which kept the attempt's outcome as its step (the
    // batch may hold other test files' deliveries too, and a schedule-retries step for theirs).
    const deliveryId = log.body.data[0].id;
    const [run] = await rawSql()<{ status: string; steps: Record<string, { data: unknown }> }[]>`
      select status, steps from job_runs
      where function_id like '%deliver-webhooks' and events @> ${JSON.stringify([{ data: { deliveryId } }])}::jsonb`;
    expect(run?.status).toBe("completed");
    expect(Object.values(run?.steps ?? {})).toContainEqual({
      data: expect.arrayContaining([
        {
          deliveryId,
          endpointId: subscribedId,
          attempt: 1,
          outcome: { done: true, status: "delivered" },
        },
      ]),
    });
  });

  test("a rotated secret: the old one keeps verifying through the overlap, not after 'now'", async () => {
    const target = await receiver();
    const id = await endpoint(target, ["agent.registered"], whsec);
    const rotated = await call("PATCH", `/webhooks/${id}`, {
      key: key(),
      body: { secret: plainSecret },
    });
    expect(rotated.status).toBe(200);
    expect(JSON.stringify(rotated.body)).not.toContain(plainSecret);
    const first = await registerAgent("During overlap");
    await eventually(async () => expect(about(target, first)).toHaveLength(1), 15_000);
    const [overlap] = about(target, first);
    expect(verify(plainSecret, overlap!).type).toBe("agent.registered");
    expect(verify(whsec, overlap!).type).toBe("agent.registered");

    const newest = "whsec_dGhpcnR5LXR3by1ieXRlcy1vZi1yYW5kb20ta2V5IQ==";
    await call("PATCH", `/webhooks/${id}`, {
      key: key(),
      body: { secret: newest, secretOverlap: "now" },
    });
    const second = await registerAgent("After rotation");
    await eventually(async () => expect(about(target, second)).toHaveLength(1), 15_000);
    const [after] = about(target, second);
    expect(verify(newest, after!).type).toBe("agent.registered");
    expect(() => verify(plainSecret, after!)).toThrow(/No matching signature/);
  });

  test("a receiver that fails and then recovers gets the event on a retry", async () => {
    let calls = 0;
    const flaky = await receiver(({ res }) => {
      calls += 1;
      res.writeHead(calls <= 2 ? 500 : 200).end();
    });
    const id = await endpoint(flaky, ["agent.registered"]);
    const agentId = await registerAgent("Flaky");
    await eventually(async () => expect(about(flaky, agentId)).toHaveLength(3), 20_000);
    const ids = new Set(about(flaky, agentId).map((entry) => verify(whsec, entry).id));
    expect(ids.size).toBe(1); // the same event, retried
    await eventually(async () => {
      const log = await call("GET", `/webhooks/${id}/deliveries`, { key: key() });
      expect(log.body.data[0]).toMatchObject({
        status: "delivered",
        attempts: 3,
        responseCode: 200,
      });
    });
    const stats = await call("GET", `/webhooks/${id}`, { key: key() });
    expect(stats.body.stats).toMatchObject({ totalDeliveries: 3, successRate: 33.33 });
  });

  test("a success answered with a Retry-After beyond any retry is recorded, capped, once", async () => {
    const far = await receiver(answer(200, { "retry-after": "3000000" }));
    const id = await endpoint(far, ["agent.registered"]);
    const agentId = await registerAgent("Far");
    await eventually(async () => {
      const log = await call("GET", `/webhooks/${id}/deliveries`, { key: key() });
      expect(log.body.data[0]).toMatchObject({
        status: "delivered",
        attempts: 1,
        responseCode: 200,
      });
    }, 20_000);
    const attempts = await db
      .select({ succeeded: webhookAttempts.succeeded, retryAfterMs: webhookAttempts.retryAfterMs })
      .from(webhookAttempts)
      .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
      .where(eq(webhookDeliveries.endpointId, id));
    expect(attempts).toEqual([{ succeeded: true, retryAfterMs: 36_000_000 }]);
    expect(about(far, agentId)).toHaveLength(1);
  });

  test("deleting an endpoint cancels its pending deliveries: nothing reaches it afterwards", async () => {
    let endpointId = "";
    const failing = await receiver(async ({ res }) => {
      // The endpoint is deleted while its first attempt is in flight; the retry never comes.
      if (endpointId) await call("DELETE", `/webhooks/${endpointId}`, { key: key() });
      res.writeHead(503).end();
    });
    endpointId = await endpoint(failing, ["agent.registered"]);
    const agentId = await registerAgent("Cancelled");
    await eventually(async () => expect(about(failing, agentId)).toHaveLength(1), 15_000);
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    await eventually(async () => {
      const [current] = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, row!.id));
      expect(current).toMatchObject({ status: "cancelled", nextAttemptAt: null });
    });
    await sleep(3_000); // three retry waits
    expect(about(failing, agentId)).toHaveLength(1);
    expect((await call("GET", `/webhooks/${endpointId}`, { key: key() })).status).toBe(404);
  });

  test("a disabled endpoint gets nothing; 410 Gone disables; a manual retry delivers", async () => {
    let status = 410;
    const target = await receiver(({ res }) => void res.writeHead(status).end());
    const id = await endpoint(target, ["agent.registered"]);
    const agentId = await registerAgent("Gone");
    await eventually(async () => {
      const fetched = await call("GET", `/webhooks/${id}`, { key: key() });
      expect(fetched.body.status).toBe("disabled");
    }, 15_000);
    expect(about(target, agentId)).toHaveLength(1);
    const log = await call("GET", `/webhooks/${id}/deliveries`, { key: key() });
    const delivery = log.body.data[0];
    expect(delivery).toMatchObject({ status: "failed", attempts: 1, responseCode: 410 });

    const quiet = await registerAgent("While disabled");
    await sleep(1_000);
    expect(about(target, quiet)).toHaveLength(0);

    const refused = await call("POST", `/webhooks/${id}/deliveries/${delivery.id}/retry`, {
      key: key(),
    });
    expect(refused.status).toBe(409);
    await call("PATCH", `/webhooks/${id}`, { key: key(), body: { status: "active" } });
    status = 200;
    const retried = await call("POST", `/webhooks/${id}/deliveries/${delivery.id}/retry`, {
      key: key(),
    });
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ id: delivery.id, status: "pending" });
    await eventually(async () => expect(about(target, agentId)).toHaveLength(2), 15_000);
    await eventually(async () => {
      const again = await call("GET", `/webhooks/${id}/deliveries`, { key: key() });
      const entry = again.body.data.find((item: { id: string }) => item.id === delivery.id);
      expect(entry).toMatchObject({ status: "delivered", attempts: 2, responseCode: 200 });
    });
  });

  test("an endpoint enabled again is not disabled by the failures from before", async () => {
    const failing = await receiver(answer(503));
    const id = await endpoint(failing, ["agent.registered"]);
    const before = await registerAgent("Before");
    await eventually(async () => expect(about(failing, before).length).toBeGreaterThan(0), 15_000);
    // Its failures began six days ago: the next one disables it.
    await db
      .update(webhookAttempts)
      .set({ startedAt: sql`${webhookAttempts.startedAt} - interval '6 days'` })
      .where(eq(webhookAttempts.endpointId, id));
    await eventually(async () => {
      const fetched = await call("GET", `/webhooks/${id}`, { key: key() });
      expect(fetched.body.status).toBe("disabled");
    }, 15_000);

    await call("PATCH", `/webhooks/${id}`, { key: key(), body: { status: "active" } });
    const after = await registerAgent("After");
    await eventually(async () => {
      const log = await call("GET", `/webhooks/${id}/deliveries?limit=1`, { key: key() });
      expect(log.body.data[0]).toMatchObject({ status: "pending", responseCode: 503 });
    }, 15_000);
    expect(about(failing, after).length).toBeGreaterThan(0);
    const fetched = await call("GET", `/webhooks/${id}`, { key: key() });
    expect(fetched.body.status).toBe("active");
    await call("DELETE", `/webhooks/${id}`, { key: key() });
  });

  test("retry errors: 404 for unknown deliveries and foreign endpoints, 409 while pending", async () => {
    const slow = await receiver(answer(500));
    const id = await endpoint(slow, ["agent.registered"]);
    await registerAgent("Pending");
    const log = await eventually(async () => {
      const page = await call("GET", `/webhooks/${id}/deliveries`, { key: key() });
      expect(page.body.data).toHaveLength(1);
      return page;
    });
    const deliveryId = log.body.data[0].id;
    const pending = await call("POST", `/webhooks/${id}/deliveries/${deliveryId}/retry`, {
      key: key(),
    });
    expect(pending.status).toBe(409);
    expect(pending.body.error.code).toBe("conflict");
    const unknown = await call("POST", `/webhooks/${id}/deliveries/dlv-nope/retry`, { key: key() });
    expect(unknown.status).toBe(404);
    const other = await seedTenant();
    try {
      const foreign = await call("POST", `/webhooks/${id}/deliveries/${deliveryId}/retry`, {
        key: other.keys.sandbox,
      });
      expect(foreign.status).toBe(404);
      const foreignLog = await call("GET", `/webhooks/${id}/deliveries`, {
        key: other.keys.sandbox,
      });
      expect(foreignLog.status).toBe(404);
    } finally {
      await other.remove();
    }
  });
});
