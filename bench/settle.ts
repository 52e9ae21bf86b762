/*
 * End-to-end settlement throughput through the HTTP API on PostgreSQL, with the embedded runner.
 *   npm run bench:settle -- [flows=3000] [concurrency=32] [rate=100]
 * Starts the production build (`npm run build` first) as an API process and a worker process
 * (bench/lib/deployment.ts; BENCH_WORKERS=0 for one process doing both) on DATABASE_URL, or a
 * fresh database on the local PostgreSQL (127.0.0.1:5432), then:
 *   1. prepares `flows` settlements: register agents, negotiate, accept, settle (sandbox rail);
 *   2. starts their execute calls at `rate` per second (open loop, as sustained traffic
 *      arrives) and waits until every one is executed, polling GET /v1/settlements/stats, so the
 *      latencies show whether the service keeps up with that rate. The defaults are issue 4's
 *      goal: 100/s sustained for 30 s. `rate` 0 sends them as fast as `concurrency` execute
 *      calls in flight allow instead: a backlog, whose latencies measure how long it takes to
 *      drain.
 * Prints settlements/s (first execute to last executed), p50/p99 of executedAt −
 * executionStartedAt as the server recorded them (execute accepted → executed, receipt issued),
 * and whether the run meets the goal (bench/lib/goal.ts): at least 100/s offered for at least
 * 30 s, kept up with, p99 under 1 s.
 */
import { setConfigVariables } from "@/config";
import { closeDatabase } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { allScopes } from "@/lib/auth/scopes";
import { createApiKey } from "@/lib/keys/create-key";
import { createOrganization } from "@/lib/orgs/create-organization";
import { startDeployment } from "./lib/deployment";
import { benchDatabase } from "./lib/fresh-database";
import { goalVerdict } from "./lib/goal";
import { jsonClient } from "./lib/json-client";
import { paced } from "./lib/paced";
import { pool } from "./lib/pool";

const [flows = 3000, concurrency = 32, rate = 100] = process.argv.slice(2).map(Number);

// biome-ignore lint/suspicious/noExplicitAny: API responses, read field by field in a script
type TJson = Record<string, any>;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const database = await benchDatabase("bench_settle");
  setConfigVariables({ DATABASE_URL: database.url });
  await migrateDatabase(database.url);
  // Rate limiting off, as in the other benchmarks: this measures settlements, not the limiter.
  const server = await startDeployment({ DATABASE_URL: database.url, RATE_LIMIT: "off" });
  const base = server.baseUrl;
  console.log(`service: ${server.description}`);
  try {
    const organization = await createOrganization({ name: "bench", plan: "enterprise" });
    const { secret } = await createApiKey({
      organizationId: organization.id,
      environment: "sandbox",
      name: "bench",
      scopes: allScopes,
    });
    const call = jsonClient(`${base}/sandbox/v1`, { authorization: `Bearer ${secret}` });
    const api = async (method: string, path: string, body?: unknown) => {
      const { status, json } = await call<TJson>(method, path, body);
      if (status >= 300) throw new Error(`${method} ${path} → ${status} ${JSON.stringify(json)}`);
      return json;
    };

    const agents = await pool(40, 8, () => api("POST", "/agents", { name: "bench" }));
    const prepareStart = performance.now();
    const ids = await pool(flows, concurrency, async (index) => {
      const payer = agents[index % 20]!.id;
      const payee = agents[20 + (index % 20)]!.id;
      const negotiation = await api("POST", "/negotiations", {
        initiatorAgentId: payer,
        responders: [payee],
        terms: { amount: { value: 1000 + (index % 500), currency: "USD" } },
      });
      await api("POST", `/negotiations/${negotiation.id}/respond`, {
        agentId: payee,
        action: "accept",
      });
      const settlement = await api("POST", "/settlements", { negotiationId: negotiation.id });
      return settlement.id as string;
    });
    const prepareMs = performance.now() - prepareStart;
    console.log(
      `prepared ${flows} settlements (negotiate, accept, settle) in ${(prepareMs / 1000).toFixed(1)} s: ${Math.round((flows / prepareMs) * 1000)} flows/s`,
    );

    const cpuBefore = server.cpuMs();
    const executeStart = performance.now();
    const execute = (index: number) => api("POST", `/settlements/${ids[index]}/execute`, {});
    if (rate) await paced(flows, rate, execute);
    else await pool(flows, concurrency, execute);
    const acceptedMs = performance.now() - executeStart;
    let stats: TJson;
    for (;;) {
      stats = await api("GET", "/settlements/stats");
      if (stats.counts.executed + stats.counts.failed >= flows) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const totalMs = performance.now() - executeStart;
    const cpuPerSettlement = (server.cpuMs() - cpuBefore) / flows;

    const latencies: number[] = [];
    let cursor: string | null = null;
    do {
      const page: TJson = await api(
        "GET",
        `/settlements?limit=100${cursor ? `&cursor=${cursor}` : ""}`,
      );
      for (const row of page.data)
        latencies.push(Date.parse(row.executedAt) - Date.parse(row.executionStartedAt));
      cursor = page.cursor;
    } while (cursor);
    latencies.sort((a, b) => a - b);
    console.log(
      `execute calls ${rate ? `started at ${rate}/s, ` : ""}accepted (202) in ${(acceptedMs / 1000).toFixed(2)} s`,
    );
    console.log(
      `executed ${stats.counts.executed}, failed ${stats.counts.failed} in ${(totalMs / 1000).toFixed(2)} s`,
    );
    console.log(
      `throughput: ${((flows / totalMs) * 1000).toFixed(1)} settlements/s (first execute → last executed)`,
    );
    const p99 = percentile(latencies, 99);
    console.log(
      `execute → executed: p50 ${percentile(latencies, 50)} ms, p99 ${p99} ms, max ${latencies.at(-1)} ms`,
    );
    console.log(
      `service CPU (all its processes and threads) from first execute to last executed: ${cpuPerSettlement.toFixed(1)} ms per settlement`,
    );
    console.log(
      goalVerdict({
        goal: "100 settlements/s sustained for 30 s, p99 < 1 s",
        minRate: 100,
        minSeconds: 30,
        maxP99Ms: 1000,
        rate,
        count: flows,
        completed: stats.counts.executed,
        lastSentMs: acceptedMs,
        lastDoneMs: totalMs,
        p99,
      }),
    );
  } finally {
    await server.stop();
    await closeDatabase();
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
