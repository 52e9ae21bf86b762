/*
 * Webhook delivery end to end on the embedded runner: events written by emitEvent (each in its
 * own transaction, as a state change would) → outbox → runner → deliver-webhook → a signed POST
 * to a receiver on 127.0.0.1.
 *   npm run bench:webhooks [-- events=10000] [rate=500] [warmup=rate × 5 s, or 1000]
 * Starts the production build (`npm run build` first; an API process and BENCH_WORKERS worker
 * processes, bench/lib/deployment.ts) on a fresh database (or DATABASE_URL), registers
 * one sandbox endpoint, fires the events at `rate` per second (sustained traffic; rate 0: from
 * 32 concurrent writers, a backlog to drain), and prints deliveries/s and the time from event
 * creation (its createdAt) to receipt at the receiver (p50/p99), the CPU time each delivery cost
 * the service's processes and this process, and whether the run meets the goal (500/s kept up
 * with, p99 under 500 ms: bench/lib/goal.ts). The defaults are that goal's run. `warmup`
 * events go first, the same way, and are not measured: a cold server spends its first seconds
 * compiling and opening connections (at 500/s about 6 s of backlog), which says nothing about
 * sustained delivery.
 */
import { setConfigVariables } from "@/config";
import { closeDatabase, db } from "@/db/client";
import { emitEvent } from "@/lib/events/emit-event";
import { createApiKey } from "@/lib/keys/create-key";
import { createOrganization } from "@/lib/orgs/create-organization";
import { startReceiver } from "@/lib/webhooks/test-fixtures/receiver";
import { startDeployment } from "./lib/deployment";
import { benchDatabase } from "./lib/fresh-database";
import { goalVerdict } from "./lib/goal";
import { paced } from "./lib/paced";
import { pool } from "./lib/pool";

const total = Number(process.argv[2] ?? 10_000);
const rate = Number(process.argv[3] ?? 500);
const warmup = Number(process.argv[4] ?? (rate ? rate * 5 : 1000));
const writers = 32;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const database = await benchDatabase("bench_webhooks");
const url = database.url;
setConfigVariables({ DATABASE_URL: url });
const receivedAt = new Map<string, number>();
const receiver = await startReceiver({
  handler: ({ received, res }) => {
    receivedAt.set(String(received.headers["webhook-id"]), Date.now());
    res.writeHead(204).end();
  },
});
const server = await startDeployment({ DATABASE_URL: url });
console.log(`service: ${server.description}`);
try {
  const organization = await createOrganization({ name: "Webhook bench", plan: "enterprise" });
  const { secret: key } = await createApiKey({
    organizationId: organization.id,
    environment: "sandbox",
    name: "bench",
    scopes: ["webhook.create"],
  });
  const created = await fetch(`${server.baseUrl}/sandbox/v1/webhooks`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({
      url: `${receiver.origin}/bench`,
      events: ["*"],
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    }),
  });
  if (created.status !== 201)
    throw new Error(`endpoint: ${created.status} ${await created.text()}`);

  const createdAt = new Map<string, number>();
  const emit = async (index: number) => {
    const event = await db.transaction((tx) =>
      emitEvent(tx, {
        organizationId: organization.id,
        environment: "sandbox",
        type: "agent.updated",
        object: { id: `agent-bench${index}`, name: "Bench" },
      }),
    );
    createdAt.set(event.id, event.createdAt.getTime());
  };
  /** Fires `count` events and waits for their delivery; returns when the last one was fired. */
  const fire = async (count: number) => {
    if (rate) await paced(count, rate, emit);
    else await pool(count, writers, emit);
    const firedAt = Date.now();
    const deadline = firedAt + 120_000;
    while (receivedAt.size < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return firedAt;
  };
  if (warmup > 0) {
    await fire(warmup);
    console.log(`warm-up: ${receivedAt.size} of ${warmup} events delivered first, not measured`);
    createdAt.clear();
    receivedAt.clear();
  }
  const cpuBefore = server.cpuMs();
  const benchCpuBefore = process.cpuUsage();
  const started = Date.now();
  const fired = await fire(total);
  const serviceCpuMs = server.cpuMs() - cpuBefore;
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const finished = Math.max(...receivedAt.values());
  const latencies = [...createdAt]
    .map(([id, at]) => (receivedAt.get(id) ?? Number.NaN) - at)
    .filter((ms) => Number.isFinite(ms))
    .sort((a, b) => a - b);
  const seconds = (finished - started) / 1000;
  console.log(
    `${total} events fired in ${((fired - started) / 1000).toFixed(2)} s; ${receivedAt.size} delivered in ${seconds.toFixed(2)} s = ${Math.round(receivedAt.size / seconds)} deliveries/s`,
  );
  console.log(
    `event created → received: p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1)} ms`,
  );
  console.log(
    `CPU per delivery: service ${(serviceCpuMs / total).toFixed(2)} ms, this benchmark (writers and receiver) ${((benchCpu.user + benchCpu.system) / 1000 / total).toFixed(2)} ms`,
  );
  if (receivedAt.size < total) console.log(`MISSING: ${total - receivedAt.size} not delivered`);
  console.log(
    goalVerdict({
      goal: "500 deliveries/s, p99 < 500 ms",
      minRate: 500,
      maxP99Ms: 500,
      rate,
      count: total,
      completed: receivedAt.size,
      lastSentMs: fired,
      lastDoneMs: finished,
      p99: percentile(latencies, 99),
    }),
  );
} finally {
  if (process.env.BENCH_SERVER_LOG) console.log(server.output());
  await server.stop();
  await receiver.close();
  await closeDatabase();
  await database.drop();
}
