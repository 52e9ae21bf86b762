import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db, rawSql } from "@/db/client";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit-event";
import { call, eventually } from "../support/api";
import { startChildServer, type TChildServer } from "../support/child-server";
import { injectWriteFailure } from "../support/injected-failure";
import { APP_ID } from "../support/jobs";
import { moveToOwnDatabase, type TOwnDatabase } from "../support/own-database";
import { answer, startReceiver, type TReceiver } from "../support/receiver";
import { seedTenant, type TTestTenant } from "../support/tenant";

// A database of its own: the requeue reads every tenant's deliveries, and only this file's server
// may run it, on a tick every minute so that the test waits for the real schedule.
const embedded = inject("databaseEmbedded");
const REQUEUE_FUNCTION = `${APP_ID}-requeue-overdue-deliveries`;
let database: TOwnDatabase | undefined;
let hooks: TReceiver;
let server: TChildServer | undefined;
let tenant: TTestTenant;

beforeAll(async () => {
  if (embedded) return;
  database = await moveToOwnDatabase();
  hooks = await startReceiver({ handler: answer(200) });
  server = await startChildServer({
    env: {
      DATABASE_URL: database.url,
      WEBHOOK_REQUEUE_CRON: "* * * * *",
      JOBS_RETRY_SCALE: "0.001",
      WEBHOOK_RETRY_SCALE: "0.0001",
    },
  });
  tenant = await seedTenant();
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await hooks?.close();
  await database?.drop();
});

/** Makes every attempt to the endpoint fail to be recorded, as an outage would, until undone. */
const failAttemptsOf = (endpointId: string) =>
  injectWriteFailure({
    name: "test_fail_attempts",
    table: "webhook_attempts",
    on: "insert",
    when: `new.endpoint_id = '${endpointId}'`,
  });

const deliveryOf = async (eventId: string) =>
  (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId)))[0]!;

const deliveredFor = (eventId: string) =>
  hooks.received.filter((received) => received.headers["webhook-id"] === eventId);

describe.skipIf(embedded)(
  "deliveries whose run stopped",
  { tags: ["own-server-processes"] },
  () => {
    test("a pending delivery 15 minutes past its attempt is sent again by the scheduled requeue; one less overdue waits", async () => {
      const endpoint = await call("POST", "/webhooks", {
        baseUrl: server?.baseUrl,
        key: tenant.keys.sandbox,
        body: {
          url: `${hooks.origin}/requeue`,
          events: ["agent.updated"],
          secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        },
      });
      expect(endpoint.status).toBe(201);
      const emit = () =>
        db.transaction((tx) =>
          emitEvent(tx, {
            organizationId: tenant.organizationId,
            environment: "sandbox",
            type: "agent.updated",
            object: { id: "agent-requeue", name: "A" },
          }),
        );

      // Both first attempts fail on every retry of their run, which then gives up.
      const undo = await failAttemptsOf(endpoint.body.id);
      let events: [string, string];
      try {
        events = [(await emit()).id, (await emit()).id];
        await eventually(async () => {
          for (const eventId of events) {
            const { id } = await deliveryOf(eventId);
            const failed = await rawSql()`select 1 from job_runs
            where function_id = ${`${APP_ID}-deliver-webhooks`} and status = 'failed'
              and events::text like ${`%${id}%`}`;
            expect(failed, id).toHaveLength(1);
          }
        }, 30_000);
      } finally {
        await undo();
      }
      const [overdueEvent, lateEvent] = events;
      // Left behind: pending, never attempted, and no run will attempt them.
      for (const eventId of events) {
        expect(await deliveryOf(eventId)).toMatchObject({ status: "pending", attempts: 0 });
        expect(deliveredFor(eventId)).toHaveLength(0);
      }
      const overdue = await deliveryOf(overdueEvent);
      const late = await deliveryOf(lateEvent);
      const lateNextAttempt = new Date(Date.now() - 60_000);
      await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(Date.now() - 60 * 60_000) })
        .where(eq(webhookDeliveries.id, overdue.id));
      await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: lateNextAttempt })
        .where(eq(webhookDeliveries.id, late.id));

      const requeued = await eventually(async () => {
        const runs = await rawSql()<{ output: { requeued: number } }[]>`
        select output from job_runs where function_id = ${REQUEUE_FUNCTION}
          and status = 'completed' and (output->>'requeued')::int > 0`;
        expect(runs).toHaveLength(1);
        return runs[0]!.output.requeued;
      }, 100_000);
      expect(requeued).toBe(1);
      const delivered = await eventually(async () => {
        const row = await deliveryOf(overdueEvent);
        expect(row.status).toBe("delivered");
        return row;
      }, 15_000);
      expect(delivered).toMatchObject({ attempts: 1, lastResponseCode: 200, nextAttemptAt: null });
      expect(deliveredFor(overdueEvent)).toHaveLength(1);
      const attempts = await db
        .select()
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, overdue.id));
      expect(attempts.map((row) => [row.attempt, row.succeeded])).toEqual([[1, true]]);

      expect(await deliveryOf(lateEvent)).toMatchObject({
        status: "pending",
        attempts: 0,
        nextAttemptAt: lateNextAttempt,
      });
      expect(deliveredFor(lateEvent)).toHaveLength(0);
    }, 180_000);
  },
);
