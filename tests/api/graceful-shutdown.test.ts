import http from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/db/client";
import { agents, usageDays } from "@/db/schema";
import { eventually } from "../support/api";
import { childDatabase, type TChildDatabase } from "../support/child-database";
import { startChildServer, type TChildServer } from "../support/child-server";
import { startReceiver, type TReceiver } from "../support/receiver";
import { seedTenant, type TTestTenant } from "../support/tenant";

// A server of its own on a database of its own (on PGlite, a data directory of its own), stopped
// with SIGTERM while requests and webhook deliveries are in flight, then started again to
// finish what was left queued.
let database: TChildDatabase;
const serverEnv = () => ({
  ...database.env,
  SHUTDOWN_TIMEOUT_MS: "20000",
  // Usage reaches the database only through the flush at stop.
  USAGE_FLUSH_MS: "3600000",
});

let server: TChildServer | undefined;
let receiver: TReceiver;
let tenant: TTestTenant;
/** Webhook deliveries received per event id. */
const delivered = new Map<string, number>();

beforeAll(async () => {
  database = await childDatabase();
  receiver = await startReceiver({
    handler: async ({ received: request, res }) => {
      const id = String(request.headers["webhook-id"]);
      delivered.set(id, (delivered.get(id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 300)); // in flight when SIGTERM comes
      res.writeHead(200).end();
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

type TOutcome = { status: number; body: string } | { error: string };

/** One request on a connection of its own, so the outcome is this request's alone. */
function send(port: number, method: string, path: string, body?: unknown): Promise<TOutcome> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: `/sandbox/v1${path}`,
        agent: false,
        headers: {
          authorization: `Bearer ${tenant.keys.sandbox}`,
          ...(payload ? { "content-type": "application/json" } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on("error", (error) =>
          resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }),
        );
      },
    );
    request.on("error", (error) =>
      resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }),
    );
    request.end(payload);
  });
}

test("SIGTERM under load: every accepted request is answered, usage is exact, no delivery is lost, exit 0", {
  timeout: 120_000,
}, async () => {
  const port = server!.port;
  const endpoint = await send(port, "POST", "/webhooks", {
    url: `${receiver.origin}/hook`,
    events: ["agent.registered"],
    secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
  });
  expect(endpoint).toMatchObject({ status: 201 });

  const outcomes: TOutcome[] = [endpoint];
  const agentIds: string[] = [];
  let stopping = false;
  const worker = async (index: number) => {
    for (let round = 0; ; round++) {
      const outcome =
        round % 2 === 0
          ? await send(port, "POST", "/agents", { name: `Agent ${index}-${round}` })
          : await send(port, "GET", "/agents?limit=1");
      outcomes.push(outcome);
      if ("status" in outcome && outcome.status === 201) {
        agentIds.push((JSON.parse(outcome.body) as { id: string }).id);
      }
      if ("error" in outcome || (stopping && round > 1000)) return;
    }
  };
  const load = Array.from({ length: 6 }, (_, index) => worker(index));
  await eventually(async () => expect(delivered.size).toBeGreaterThanOrEqual(10), 30_000);
  stopping = true;
  const exited = new Promise<number | null>((resolve) =>
    server!.process.once("exit", (code) => resolve(code)),
  );
  process.kill(server!.process.pid!, "SIGTERM");
  await Promise.all(load);
  const code = await exited;

  expect(code, server!.output()).toBe(0);
  expect(server!.output()).toContain("stopped cleanly");
  const answered = outcomes.filter((outcome) => "status" in outcome);
  const failed = outcomes.filter((outcome) => "error" in outcome);
  // Each worker ends on its first connection the closed listener refused (or reset while it
  // waited to be accepted, before any byte of its request was read).
  expect(failed).toHaveLength(6);
  for (const outcome of failed) {
    expect(["ECONNREFUSED", "ECONNRESET"]).toContain("error" in outcome && outcome.error);
  }
  expect(answered.every((outcome) => "status" in outcome && outcome.status < 300)).toBe(true);
  expect(agentIds.length).toBeGreaterThan(5);

  // Started again on the same database (the next process makes the deliveries still queued).
  server = await startChildServer({ env: serverEnv() });
  await database.attach(server);
  // The server did exactly what it answered: no request was carried out and then cut off.
  const [usage] = await db
    .select()
    .from(usageDays)
    .where(
      and(
        eq(usageDays.organizationId, tenant.organizationId),
        eq(usageDays.environment, "sandbox"),
      ),
    );
  expect((usage?.requests ?? 0) + (usage?.rateLimited ?? 0)).toBe(answered.length);
  const stored = await db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.organizationId, tenant.organizationId));
  expect(stored.map((agent) => agent.id).sort()).toEqual([...agentIds].sort());

  // Deliveries still queued at the stop are made by the next process: none is lost.
  await eventually(async () => expect(delivered.size).toBe(agentIds.length), 60_000);
});
