/*
 * What rate limiting costs an authenticated read, in one run:
 *   npm run bench:api            (needs `npx next build` first; PostgreSQL and Redis on this machine)
 *   npm run bench:api -- [seconds=10] [rounds=2] [connections=50]
 * Starts the production build twice on one fresh database: with REDIS_URL (limits in Redis) and
 * with RATE_LIMIT=off. Seeds `connections` Enterprise organizations with 20 agents each; every
 * connection reads GET /v1/agents?limit=20 with its own organization's key, so the limit is
 * checked on every request but never reached (each organization stays under its 100/s refill,
 * and the run reports any non-2xx). Rounds alternate off/on so drift hits both alike.
 */
import { Redis as UpstashRedis } from "@upstash/redis";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import { setConfigVariables } from "@/config";
import { closeDatabase } from "@/db/client";
import { ensureDatabase } from "@/db/ensure";
import { createAgent } from "@/lib/agents/create-agent";
import { createApiKey } from "@/lib/keys/create-key";
import { createOrganization } from "@/lib/orgs/create-organization";
import { checkRateLimit } from "@/lib/ratelimit/check-rate-limit";
import { tcpRequester } from "@/lib/ratelimit/tcp-requester";
import { rateLimitTiers } from "@/lib/ratelimit/tiers";
import { createUpstashStore } from "@/lib/ratelimit/upstash-store";
import { startChildServer, type TChildServer } from "@/tests/support/child-server";
import { benchDatabase } from "./lib/fresh-database";

const [seconds = 10, rounds = 2, connections = 50] = process.argv.slice(2).map(Number);
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/** The production build on `database`; prints its rate-limit line so each run shows its mode. */
async function startServer(env: Record<string, string>): Promise<TChildServer> {
  const server = await startChildServer({ env });
  const mode = server
    .output()
    .split("\n")
    .find((line) => line.includes("rate limits:"));
  console.log(`  [${server.port}] ${mode?.trim() ?? "rate limits: (not logged)"}`);
  return server;
}

async function seed(count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let index = 0; index < count; index++) {
    const organization = await createOrganization({ name: `Bench ${index}`, plan: "enterprise" });
    const tenant = { organizationId: organization.id, environment: "production" as const };
    for (let agent = 0; agent < 20; agent++) {
      await createAgent({ tenant, input: { name: `Agent ${agent}`, capabilities: ["bench"] } });
    }
    const { secret } = await createApiKey({ ...tenant, name: "bench", scopes: ["agent.read"] });
    keys.push(secret);
  }
  return keys;
}

type TResult = { requests: number; p50: number; p99: number; non2xx: number };

async function measure(url: string, keys: string[]): Promise<TResult> {
  let next = 0;
  const result = await autocannon({
    url: `${url}/v1/agents?limit=20`,
    connections,
    duration: seconds,
    setupClient: (client) => {
      client.setHeaders({ authorization: `Bearer ${keys[next++ % keys.length]}` });
    },
  });
  return {
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/**
 * The limiter alone in this process, against the same Redis: checks a second with `connections`
 * in flight, i.e. the most it can add to one request's work (load-independent of the database).
 */
async function limiterAlone(): Promise<number> {
  // No fallback here: every check must be answered by Redis, however long it takes.
  const client = new Redis(redisUrl);
  const store = createUpstashStore({
    redis: new UpstashRedis(tcpRequester(client)),
    description: "bench",
    prefix: `bench:${Date.now()}`,
    timeoutMs: 0,
    ephemeralCache: false,
  });
  let checks = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, index) => {
      while (Date.now() < until) {
        await checkRateLimit({ store, identity: `org-${index}`, rule: rateLimitTiers.pro });
        checks++;
      }
    }),
  );
  client.disconnect();
  return checks / seconds;
}

const format = (label: string, r: TResult) =>
  `  ${label.padEnd(28)} ${r.requests.toFixed(0).padStart(6)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms   non-2xx ${r.non2xx}`;

async function main() {
  const database = await benchDatabase("bench_ratelimit");
  const databaseUrl = database.url;
  setConfigVariables({ DATABASE_URL: databaseUrl });
  await ensureDatabase("cli");
  console.log(`seeding ${connections} Enterprise organizations × 20 agents…`);
  const keys = await seed(connections);
  await closeDatabase();

  const limited = await startServer({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl });
  const unlimited = await startServer({ DATABASE_URL: databaseUrl, RATE_LIMIT: "off" });
  try {
    // Warm both (JIT, connection pools, key caches) before measuring.
    await measure(limited.baseUrl, keys);
    await measure(unlimited.baseUrl, keys);
    const on: TResult[] = [];
    const off: TResult[] = [];
    for (let round = 1; round <= rounds; round++) {
      const offResult = await measure(unlimited.baseUrl, keys);
      const onResult = await measure(limited.baseUrl, keys);
      off.push(offResult);
      on.push(onResult);
      console.log(`round ${round} (${seconds} s each, ${connections} connections):`);
      console.log(format("rate limiting off", offResult));
      console.log(format("rate limiting on (Redis)", onResult));
    }
    const alone = await limiterAlone();
    console.log(
      `\nlimiter alone (Pro: bucket + daily cap, 2 Redis scripts): ${alone.toFixed(0)} checks/s in one process, ${(1e6 / alone).toFixed(0)} µs each`,
    );
    const mean = (list: TResult[]) => list.reduce((sum, r) => sum + r.requests, 0) / list.length;
    const cost = (1 - mean(on) / mean(off)) * 100;
    console.log(
      `\nGET /v1/agents?limit=20: off ${mean(off).toFixed(0)} req/s, on ${mean(on).toFixed(0)} req/s; rate limiting costs ${cost.toFixed(1)}% of throughput (goal < 15%).`,
    );
  } finally {
    await Promise.all([limited.stop(), unlimited.stop()]);
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
