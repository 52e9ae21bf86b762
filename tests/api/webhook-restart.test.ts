import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/db/client";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";
import { interruptedError } from "@/lib/webhooks/delivery/attempt-result";
import { childDatabase, type TChildDatabase } from "../support/child-database";
import { startChildServer, type TChildServer } from "../support/child-server";
import { startReceiver, type TReceiver } from "../support/receiver";
import { seedTenant, type TTestTenant } from "../support/tenant";

// A server of its own, on a database of its own (the shared test server would otherwise finish
// the deliveries; on PGlite, a data directory of its own), killed with SIGKILL while deliveries
// are pending and then started again.
const events = 30;
let database: TChildDatabase;
const serverEnv = () => ({
  ...database.env,
  WEBHOOK_RETRY_SCALE: "0.0001",
  // A step that throws is retried after milliseconds, as on the shared test server.
  JOBS_RETRY_SCALE: "0.001",
  // A killed process's runs go back to the queue when its lease ends.
  JOBS_LEASE_MS: "2000",
});

let server: TChildServer | undefined;
let receiver: TReceiver;
let tenant: TTestTenant;
/** Requests received per event id, and whether each was answered 2xx. */
const received = new Map<string, boolean[]>();

beforeAll(async () => {
  database = await childDatabase();
  receiver = await startReceiver({
    handler: async ({ received: request, res }) => {
      const id = String(request.headers["webhook-id"]);
      const answers = received.get(id) ?? [];
      const succeed = answers.length > 0; // the first try of every event fails
      answers.push(succeed);
      received.set(id, answers);
      await new Promise((resolve) => setTimeout(resolve, 100)); // in flight when the kill comes
      res.writeHead(succeed ? 200 : 503).end();
    },
  });
  server = await startChildServer({ env: serverEnv() });
  await database.attach(server);
  tenant = await seedTenant();
}, 120_000);

afterAll(async () => {
  await server?.kill();
  await receiver?.close();
  await database?.drop();
});

const api = (base: string, method: string, path: string, body?: unknown) =>
  fetch(`${base}/sandbox/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tenant.keys.sandbox}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });

async function until(check: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      // The server's own account of what it was doing, for the failure report.
      throw new Error(
        `timed out waiting for ${what}; the server logged:\n${server?.output().slice(-20_000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test("SIGKILL with deliveries pending: after a restart every delivery happens, no attempt twice", {
  timeout: 120_000,
}, async () => {
  const created = await api(server!.baseUrl, "POST", "/webhooks", {
    url: `${receiver.origin}/hook`,
    events: ["agent.registered"],
    secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  });
  expect(created.status).toBe(201);
  const endpointId = ((await created.json()) as { id: string }).id;
  for (let index = 0; index < events; index++) {
    const agent = await api(server!.baseUrl, "POST", "/agents", { name: `Agent ${index}` });
    expect(agent.status).toBe(201);
  }
  // Every event has had its first (failing) try, and some are still in flight: crash now.
  await until(() => received.size === events, 30_000, "the first try of every event");
  const pendingAtKill = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, "pending"));
  await server!.kill();
  expect(pendingAtKill.length).toBeGreaterThan(0);

  server = await startChildServer({ env: serverEnv() });
  await database.attach(server);
  const delivered = () => [...received.values()].filter((answers) => answers.includes(true));
  await until(() => delivered().length === events, 60_000, "every event delivered");

  // The receiver saw the successful request; its outcome is being recorded.
  const ofEndpoint = () =>
    db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
  let deliveries = await ofEndpoint();
  const deadline = Date.now() + 10_000;
  while (deliveries.some((delivery) => delivery.status === "pending") && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    deliveries = await ofEndpoint();
  }
  expect(deliveries).toHaveLength(events);
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        deliveries.map((delivery) => delivery.id),
      ),
    );
  for (const delivery of deliveries) {
    const rows = attempts.filter((row) => row.deliveryId === delivery.id);
    const interrupted = rows.filter((row) => row.error === interruptedError).length;
    const requests = received.get(delivery.eventId!)?.length ?? 0;
    expect(delivery.status, delivery.id).toBe("delivered");
    expect(rows.map((row) => row.attempt).sort()).toEqual(
      Array.from({ length: rows.length }, (_, index) => index + 1),
    );
    // Each attempt record reached the receiver at most once (an interrupted one maybe not).
    expect(requests).toBeLessThanOrEqual(rows.length);
    expect(requests).toBeGreaterThanOrEqual(rows.length - interrupted);
  }
});
