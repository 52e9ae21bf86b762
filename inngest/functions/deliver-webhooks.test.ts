import { InngestTestEngine } from "@inngest/test";
import { and, eq, inArray, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import {
  organizations,
  outbox,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { emitEvent } from "@/lib/events/emit-event";
import {
  deliveryRequested,
  deliveryRetryScheduled,
  type TDeliveryRetryScheduled,
} from "@/lib/events/jobs";
import { createOrganization } from "@/lib/orgs/create-organization";
import { maxDeliveryAttempts } from "@/lib/webhooks";
import { attemptDelivery } from "@/lib/webhooks/delivery/attempt-delivery";
import { retryWebhookDelivery as retryByHand } from "@/lib/webhooks/delivery/retry-delivery";
import { createWebhookEndpoint } from "@/lib/webhooks/endpoints/create-endpoint";
import { updateWebhookEndpoint } from "@/lib/webhooks/endpoints/update-endpoint";
import { startReceiver, type TReceiver } from "@/lib/webhooks/test-fixtures/receiver";
import { moveToOwnDatabase } from "../../tests/support/own-database";
import { deliverWebhooks } from "./deliver-webhooks";
import { retryWebhookDelivery } from "./retry-webhook-delivery";

// Real step code against real PostgreSQL; only the durable sleeps are mocked (see @inngest/test).
// A database of its own: the API tests' server would otherwise deliver these events too.
const databaseUrl = process.env.DATABASE_URL;
const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
// A fresh list per run: the engine records the steps it finds into it.
const mockedSleeps = () =>
  Array.from({ length: maxDeliveryAttempts + 1 }, (_, index) => [
    { id: `wait-before-attempt-${index + 1}`, handler: () => undefined },
    { id: `wait-after-attempt-${index + 1}`, handler: () => undefined },
  ]).flat();

let organizationId: string;
let ownDatabase: Awaited<ReturnType<typeof moveToOwnDatabase>> | undefined;
const receivers: TReceiver[] = [];

beforeAll(async () => {
  if (!databaseUrl) return;
  ownDatabase = await moveToOwnDatabase();
  organizationId = (await createOrganization({ name: "deliver-webhook test", plan: "pro" })).id;
});
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  if (!databaseUrl) return;
  await db.delete(organizations).where(eq(organizations.id, organizationId));
  await ownDatabase?.drop();
});

/** A receiver on 127.0.0.1 answering the given statuses in turn (the last one from then on). */
async function receiverAnswering(statuses: number[], headers: Record<string, string> = {}) {
  let calls = 0;
  const receiver = await startReceiver({
    handler: ({ res }) => {
      const status = statuses[Math.min(calls++, statuses.length - 1)]!;
      res.writeHead(status, headers).end();
    },
  });
  receivers.push(receiver);
  return receiver;
}

async function endpointWithEvent(
  url: string,
  environment: TEnvironment = "sandbox",
  urlNow: string = url,
) {
  const tenant = { organizationId, environment };
  const endpoint = await createWebhookEndpoint({
    tenant: { organizationId, environment: "sandbox" },
    input: { url, events: ["agent.updated"], secret },
  });
  if (environment !== "sandbox") {
    // Stands for a host whose DNS answer changed after registration (DNS rebinding).
    await db
      .update(webhookEndpoints)
      .set({ environment, url: urlNow })
      .where(eq(webhookEndpoints.id, endpoint.id));
  }
  const event = await db.transaction((tx) =>
    emitEvent(tx, { ...tenant, type: "agent.updated", object: { id: "agent-test", name: "A" } }),
  );
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.eventId, event.id), eq(webhookDeliveries.endpointId, endpoint.id)),
    );
  return { endpointId: endpoint.id, deliveryId: delivery!.id, eventId: event.id };
}

type TTarget = { deliveryId: string; endpointId: string };

/** The retry jobs a batch scheduled for these deliveries, as the outbox holds them. */
const retryJobs = (deliveryIds: string[]) =>
  db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.name, deliveryRetryScheduled),
        inArray(sql<string>`${outbox.data}->>'deliveryId'`, deliveryIds),
      ),
    );

/** One batch run of first attempts, as the runner would start it for these deliveries. */
function firstAttempts([first, ...rest]: [TTarget, ...TTarget[]]) {
  const event = (data: TTarget) => ({ name: deliveryRequested, data });
  const engine = new InngestTestEngine({
    function: deliverWebhooks,
    events: [event(first), ...rest.map(event)],
  });
  return engine.execute();
}

/**
 * Every delivery to its end: a batch of first attempts, then the retry run each failure
 * scheduled (as the dispatcher would start it). Returns each delivery's retry result.
 */
async function deliver(...targets: [TTarget, ...TTarget[]]) {
  const batch = await firstAttempts(targets);
  expect(batch.error).toBeUndefined();
  const jobs = await retryJobs(targets.map((target) => target.deliveryId));
  const retried = await Promise.all(
    jobs.map(async (job) => {
      const engine = new InngestTestEngine({
        function: retryWebhookDelivery,
        events: [{ name: job.name, data: job.data }],
        steps: mockedSleeps(),
      });
      const { result } = await engine.execute();
      return [(job.data as TDeliveryRetryScheduled).deliveryId, result] as const;
    }),
  );
  return { batch: batch.result, retried: Object.fromEntries(retried) };
}

const attemptsOf = (deliveryId: string) =>
  db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(webhookAttempts.attempt);

const deliveryRow = async (deliveryId: string) =>
  (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)))[0]!;

const endpointRow = async (endpointId: string) =>
  (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId)))[0]!;

describe.skipIf(!databaseUrl)(
  "deliver-webhooks and retry-webhook-delivery (needs DATABASE_URL)",
  () => {
    test("fails, waits, retries and delivers; every attempt is signed for the same event", async () => {
      const receiver = await receiverAnswering([503, 200]);
      const { endpointId, deliveryId, eventId } = await endpointWithEvent(`${receiver.origin}/a`);
      await deliver({ deliveryId, endpointId });
      expect(receiver.received).toHaveLength(2);
      for (const received of receiver.received) {
        const payload = new Webhook(secret).verify(received.body, received.headers as never);
        expect(payload).toMatchObject({ id: eventId, type: "agent.updated", apiVersion: "v1" });
      }
      const attempts = await attemptsOf(deliveryId);
      expect(attempts.map((row) => [row.attempt, row.succeeded, row.responseCode])).toEqual([
        [1, false, 503],
        [2, true, 200],
      ]);
      expect(await deliveryRow(deliveryId)).toMatchObject({
        status: "delivered",
        attempts: 2,
        lastResponseCode: 200,
        nextAttemptAt: null,
      });
    });

    test("one batch sends every first attempt; only the failed one gets a retry run", async () => {
      const healthy = await receiverAnswering([200]);
      const flaky = await receiverAnswering([503, 200]);
      const ok = await endpointWithEvent(`${healthy.origin}/batch-ok`);
      const failing = await endpointWithEvent(`${flaky.origin}/batch-failing`);
      const deleted = await endpointWithEvent(`${healthy.origin}/batch-deleted`);
      await db
        .update(webhookEndpoints)
        .set({ deletedAt: new Date() })
        .where(eq(webhookEndpoints.id, deleted.endpointId));
      const { batch, retried } = await deliver(ok, failing, deleted);
      expect(batch).toEqual({ attempted: 3, delivered: 1 });
      expect(await deliveryRow(deleted.deliveryId)).toMatchObject({ status: "cancelled" });
      expect(healthy.received).toHaveLength(1);
      expect(flaky.received).toHaveLength(2);
      const jobs = await retryJobs([ok.deliveryId, failing.deliveryId, deleted.deliveryId]);
      expect(jobs.map((job) => [job.id, job.data])).toEqual([
        [
          `retry-${failing.deliveryId}-2`,
          {
            deliveryId: failing.deliveryId,
            endpointId: failing.endpointId,
            attempt: 2,
            retry: 2,
            waitMs: expect.any(Number),
          },
        ],
      ]);
      expect(retried).toEqual({ [failing.deliveryId]: { done: true, status: "delivered" } });
      expect(await deliveryRow(ok.deliveryId)).toMatchObject({ status: "delivered", attempts: 1 });
    });

    test("a batch run again after a crash sends nothing twice and schedules one retry", async () => {
      const down = await receiverAnswering([500]);
      const target = await endpointWithEvent(`${down.origin}/again`);
      await firstAttempts([target]);
      const again = await firstAttempts([target]);
      expect(again.result).toEqual({ attempted: 1, delivered: 0 });
      expect(down.received).toHaveLength(1);
      expect(await attemptsOf(target.deliveryId)).toHaveLength(1);
      expect(await retryJobs([target.deliveryId])).toHaveLength(1);
    });

    test("a fault in one delivery fails the batch only after the others are recorded; the step run again sends none twice", async () => {
      const healthy = await receiverAnswering([200]);
      const ok = await endpointWithEvent(`${healthy.origin}/fault-ok`);
      const broken = await endpointWithEvent(`${healthy.origin}/fault-broken`);
      await db
        .update(webhookEndpoints)
        .set({ deletedAt: new Date() })
        .where(eq(webhookEndpoints.id, broken.endpointId));
      // A real PostgreSQL fault for one row: cancelling that delivery raises.
      await db.execute(
        sql.raw(`create function fail_cancelling() returns trigger language plpgsql
        as $$ begin raise exception 'injected fault'; end $$`),
      );
      await db.execute(
        sql.raw(`create trigger fail_cancelling before update on webhook_deliveries
        for each row when (new.id = '${broken.deliveryId}' and new.status = 'cancelled')
        execute function fail_cancelling()`),
      );
      try {
        for (let run = 0; run < 2; run++) {
          const failed = await firstAttempts([ok, broken]);
          // The step's error: the statement that failed, cancelling the broken delivery.
          const message = (failed.error as { message?: string } | undefined)?.message ?? "";
          expect(message).toContain('update "webhook_deliveries"');
          expect(message).toContain(broken.deliveryId);
          expect(healthy.received).toHaveLength(1);
          expect(await deliveryRow(ok.deliveryId)).toMatchObject({
            status: "delivered",
            attempts: 1,
          });
          expect(await deliveryRow(broken.deliveryId)).toMatchObject({ status: "pending" });
        }
      } finally {
        await db.execute(sql.raw("drop function fail_cancelling() cascade"));
      }
      const recovered = await firstAttempts([ok, broken]);
      expect(recovered.result).toEqual({ attempted: 2, delivered: 1 });
      expect(healthy.received).toHaveLength(1);
      expect(await attemptsOf(ok.deliveryId)).toHaveLength(1);
      expect(await deliveryRow(broken.deliveryId)).toMatchObject({ status: "cancelled" });
      expect(await retryJobs([ok.deliveryId, broken.deliveryId])).toHaveLength(0);
    });

    test("waits the scheduled 5 s after a first failure, or the receiver's later Retry-After", async () => {
      const plain = await receiverAnswering([500]);
      const first = await endpointWithEvent(`${plain.origin}/b`);
      const scheduled = await attemptDelivery({
        deliveryId: first.deliveryId,
        attempt: 1,
        retry: 1,
      });
      expect(scheduled).toMatchObject({ done: false });
      if (!scheduled.done) {
        expect(scheduled.retryInMs).toBeGreaterThan(4_000);
        expect(scheduled.retryInMs).toBeLessThanOrEqual(5_000);
      }

      const throttled = await receiverAnswering([429], { "retry-after": "120" });
      const second = await endpointWithEvent(`${throttled.origin}/c`);
      const later = await attemptDelivery({ deliveryId: second.deliveryId, attempt: 1, retry: 1 });
      expect(later).toMatchObject({ done: false });
      if (!later.done) {
        expect(later.retryInMs).toBeGreaterThan(119_000);
        expect(later.retryInMs).toBeLessThanOrEqual(120_000);
      }
      const row = await deliveryRow(second.deliveryId);
      expect(row).toMatchObject({ status: "pending", attempts: 1, lastResponseCode: 429 });
      expect(row.nextAttemptAt!.getTime() - row.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(
        120_000,
      );
    });

    test("gives up after the last scheduled attempt: 8 attempts, then failed", async () => {
      const receiver = await receiverAnswering([500]);
      const { endpointId, deliveryId } = await endpointWithEvent(`${receiver.origin}/d`);
      const { retried } = await deliver({ deliveryId, endpointId });
      expect(retried[deliveryId]).toEqual({ done: true, status: "failed" });
      expect(receiver.received).toHaveLength(maxDeliveryAttempts);
      expect(await deliveryRow(deliveryId)).toMatchObject({ status: "failed", attempts: 8 });
    });

    test("410 Gone disables the endpoint at once", async () => {
      const receiver = await receiverAnswering([410]);
      const { endpointId, deliveryId } = await endpointWithEvent(`${receiver.origin}/e`);
      await deliver({ deliveryId, endpointId });
      expect((await deliveryRow(deliveryId)).status).toBe("failed");
      expect(receiver.received).toHaveLength(1);
      expect(await retryJobs([deliveryId])).toEqual([]);
      expect(await endpointRow(endpointId)).toMatchObject({
        status: "disabled",
        disabledReason: "the endpoint answered 410 Gone",
      });
    });

    test("an endpoint failing for 5 days is disabled", async () => {
      const receiver = await receiverAnswering([500]);
      const { endpointId, deliveryId } = await endpointWithEvent(`${receiver.origin}/f`);
      const sixDaysAgo = new Date(Date.now() - 6 * 24 * 3600 * 1000);
      // An earlier delivery to this endpoint failed six days ago, and nothing succeeded since.
      const [earlier] = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, deliveryId));
      const earlierId = `${deliveryId}-earlier`;
      await db.insert(webhookDeliveries).values({ ...earlier!, id: earlierId, status: "failed" });
      await db.insert(webhookAttempts).values({
        deliveryId: earlierId,
        endpointId,
        attempt: 1,
        startedAt: sixDaysAgo,
        finishedAt: sixDaysAgo,
        succeeded: false,
        responseCode: 500,
      });
      await deliver({ deliveryId, endpointId });
      expect((await deliveryRow(deliveryId)).status).toBe("failed");
      expect(receiver.received).toHaveLength(1);
      expect(await endpointRow(endpointId)).toMatchObject({
        status: "disabled",
        disabledReason: "every delivery failed for 5 days",
      });
    });

    test("an attempt that started before a crash is never sent again; the next one is", async () => {
      const receiver = await receiverAnswering([200]);
      const { endpointId, deliveryId } = await endpointWithEvent(`${receiver.origin}/g`);
      await db.insert(webhookAttempts).values({ deliveryId, endpointId, attempt: 1 });
      await deliver({ deliveryId, endpointId });
      expect((await deliveryRow(deliveryId)).status).toBe("delivered");
      expect(receiver.received).toHaveLength(1);
      const attempts = await attemptsOf(deliveryId);
      expect(attempts.map((row) => [row.attempt, row.succeeded])).toEqual([
        [1, false],
        [2, true],
      ]);
      expect(attempts[0]!.error).toMatch(/^interrupted/);
    });

    test.each([
      ["failed", [500]],
      ["delivered", [200]],
    ] as const)(
      "an attempt's step run again after a manual retry reopened its %s delivery leaves it to the retry",
      async (closedAs, statuses) => {
        const receiver = await receiverAnswering([...statuses]);
        const { endpointId, deliveryId } = await endpointWithEvent(
          `${receiver.origin}/${closedAs}`,
        );
        // The schedule's last attempt: its step closes the delivery, and the run stops before the
        // step is recorded, so it runs again later.
        const step = () => attemptDelivery({ deliveryId, attempt: 1, retry: maxDeliveryAttempts });
        expect(await step()).toEqual({ done: true, status: closedAs });
        const reopened = await retryByHand({
          tenant: { organizationId, environment: "sandbox" },
          endpointId,
          deliveryId,
        });
        expect(reopened).toMatchObject({ status: "pending", attempts: 1 });
        const again = await step();
        expect(await deliveryRow(deliveryId)).toMatchObject({
          status: "pending",
          attempts: 1,
          nextAttemptAt: new Date(reopened.nextAttemptAt!),
        });
        expect(again).toEqual({ done: true, status: "superseded" });
        expect(receiver.received).toHaveLength(1);
      },
    );

    test("a 410's step run again after the endpoint was enabled and the delivery retried by hand disables nothing", async () => {
      const receiver = await receiverAnswering([410]);
      const { endpointId, deliveryId } = await endpointWithEvent(`${receiver.origin}/gone-again`);
      const tenant = { organizationId, environment: "sandbox" } as const;
      const step = () => attemptDelivery({ deliveryId, attempt: 1, retry: 1 });
      expect(await step()).toEqual({ done: true, status: "failed" });
      expect(await endpointRow(endpointId)).toMatchObject({ status: "disabled" });
      await updateWebhookEndpoint({ tenant, endpointId, input: { status: "active" } });
      await retryByHand({ tenant, endpointId, deliveryId });
      const again = await step();
      expect(await endpointRow(endpointId)).toMatchObject({
        status: "active",
        disabledReason: null,
      });
      expect(await deliveryRow(deliveryId)).toMatchObject({ status: "pending", attempts: 1 });
      expect(again).toEqual({ done: true, status: "superseded" });
      expect(receiver.received).toHaveLength(1);
    });

    test("a deleted endpoint gets nothing: the delivery is cancelled before any attempt", async () => {
      const receiver = await receiverAnswering([200]);
      const { endpointId, deliveryId } = await endpointWithEvent(`${receiver.origin}/h`);
      await db
        .update(webhookEndpoints)
        .set({ deletedAt: new Date() })
        .where(eq(webhookEndpoints.id, endpointId));
      await deliver({ deliveryId, endpointId });
      expect((await deliveryRow(deliveryId)).status).toBe("cancelled");
      expect(receiver.received).toHaveLength(0);
      expect(await attemptsOf(deliveryId)).toEqual([]);
    });

    test("the URL is vetted again at delivery time: a production endpoint now on loopback is refused", async () => {
      const receiver = await startReceiver({ tls: true, handler: ({ res }) => void res.end() });
      receivers.push(receiver);
      const { endpointId, deliveryId } = await endpointWithEvent(
        `http://127.0.0.1:${receiver.port}/i`,
        "production",
        `https://127.0.0.1:${receiver.port}/i`,
      );
      await deliver({ deliveryId, endpointId });
      expect((await deliveryRow(deliveryId)).status).toBe("failed");
      expect(receiver.received).toHaveLength(0);
      const attempts = await attemptsOf(deliveryId);
      expect(attempts).toHaveLength(maxDeliveryAttempts);
      expect(attempts[0]!.error).toBe(
        "url points to a loopback address, which cannot receive webhooks",
      );
    });
  },
);
