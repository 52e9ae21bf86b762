/*
 * settle.sustained: the highest settlement rate the service keeps up with through the HTTP API,
 * with p99 from execute to executed under 500 ms (bench/lib/sustained-rate.ts), against the
 * GET /api/health floor of its API process, measured between the trials. The service runs as
 * an API process and a worker process (bench/lib/deployment.ts). Each trial first prepares its
 * settlements (register, negotiate, accept, settle on the sandbox rail; not measured), then
 * starts their execute calls at the offered rate (open loop, as independent clients arrive) and
 * waits until every one is executed. Latency is executedAt − executionStartedAt as the server
 * recorded them (execute accepted → executed, receipt issued). Peak memory of both processes
 * goes into the figure's details.
 */
import postgres from "postgres";
import { startDeployment } from "./lib/deployment";
import { boundedFigure, figure, type TFigure } from "./lib/figure";
import { healthRate } from "./lib/floor";
import { withBenchDatabase } from "./lib/fresh-database";
import { percentile } from "./lib/measure";
import { paced } from "./lib/paced";
import {
  dealAgents,
  pendingSettlements,
  sandboxApi,
  settlementKey,
  type TJson,
} from "./lib/sandbox-deals";
import type { TSettings } from "./lib/settings";
import { searchSustainedRate, type TTrial } from "./lib/sustained-rate";
import { vacuumDatabase } from "./lib/vacuum";
import { endToEndTrial, type TEndToEnd } from "./settle-e2e";

const goalRatio = 0.12;
const maxP99Ms = 500;
/** settle.e2e: p99 from the execute call to the receipt sealed and the webhook received. */
const maxEndToEndP99Ms = 1_500;

/**
 * One trial: prepares `rate × seconds` settlements, executes them at `rate` per second and
 * waits (at most `seconds` + 30 s) until each is executed or failed.
 */
function settlementTrial(options: {
  url: string;
  baseUrl: string;
  measureCpu: () => () => number;
  key: string;
  sql: postgres.Sql;
  seconds: number;
}) {
  const { sql } = options;
  let agents: TJson[] = [];
  return async (rate: number): Promise<TTrial> => {
    // Fresh connections for each phase: one kept idle past the server's keep-alive (during the
    // VACUUM, say) is reset when reused.
    const prepare = sandboxApi(options.baseUrl, options.key);
    if (!agents.length) agents = await dealAgents(prepare);
    const count = Math.max(1, Math.round(rate * options.seconds));
    const ids = await pendingSettlements(prepare, agents, count);
    await vacuumDatabase(options.url);
    const api = sandboxApi(options.baseUrl, options.key);
    const started = Date.now();
    const cpu = options.measureCpu();
    // A failed execute call fails the trial (it is never executed), not the whole run.
    const failures: string[] = [];
    await paced(count, rate, (index) =>
      api("POST", `/settlements/${ids[index]}/execute`, {}).catch((error: Error) =>
        failures.push(error.message),
      ),
    );
    const lastSentMs = Date.now() - started;
    const failedCalls = failures.length;
    if (failedCalls > 0)
      console.log(`  ${failedCalls} execute calls failed, the first: ${failures[0]}`);
    const deadline = Date.now() + (options.seconds + 30) * 1000;
    type TRow = { done: number; executed: number; last: Date | null };
    let row: TRow | undefined;
    for (;;) {
      [row] = await sql<TRow[]>`
        select count(*) filter (where status in ('executed', 'failed'))::int as done,
               count(*) filter (where status = 'executed')::int as executed,
               max(coalesce(executed_at, failed_at)) as last
        from settlements where id = any(${ids})`;
      if ((row?.done ?? 0) >= count - failedCalls || Date.now() > deadline) break;
      // Timings come from the rows, not from this poll: polling seldom keeps its load off them.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const cpuMsPerItem = cpu() / count;
    if (row && row.done > row.executed) {
      const reasons = await sql<{ code: string | null; count: number }[]>`
        select failure_code as code, count(*)::int as count from settlements
        where id = any(${ids}) and status = 'failed' group by 1`;
      const text = reasons.map((reason) => `${reason.code} × ${reason.count}`).join(", ");
      console.log(`  ${row.done - row.executed} settlements failed: ${text}`);
    }
    const latencies = (
      await sql<{ ms: number }[]>`
        select (extract(epoch from executed_at - execution_started_at) * 1000)::float8 as ms
        from settlements where id = any(${ids}) and executed_at is not null`
    )
      .map((latency) => latency.ms)
      .sort((a, b) => a - b);
    return {
      rate,
      count,
      completed: row?.executed ?? 0,
      lastSentMs,
      lastDoneMs: row?.last ? row.last.getTime() - started : Number.POSITIVE_INFINITY,
      p50: Math.round(percentile(latencies, 50)),
      p99: Math.round(percentile(latencies, 99)),
      cpuMsPerItem,
    };
  };
}

/**
 * Starts the service on the database at `url` and searches the highest settlement rate it keeps
 * up with, as the organization of `key`; the floor and the peak memory of its processes.
 */
export async function searchSettlementRate(options: {
  url: string;
  key: string;
  settings: TSettings;
  startRate?: number;
  /** After the search, settle.e2e's trial at half the rate found (when one was). */
  endToEnd?: boolean;
}): Promise<{
  rate: number;
  floor: number;
  cpuMsPerSettlement: number;
  peakRssMb: { api: number; worker: number };
  endToEnd?: TEndToEnd;
}> {
  const { settings } = options;
  // Rate limiting off, as in the other benchmarks: this measures settlements, not the limiter.
  const server = await startDeployment(
    { DATABASE_URL: options.url, RATE_LIMIT: "off" },
    { profile: settings.profile ? "settle.sustained" : undefined },
  );
  const sql = postgres(options.url, { max: 2, onnotice: () => {} });
  console.log(`  service: ${server.description}`);
  try {
    const trial = settlementTrial({
      url: options.url,
      baseUrl: server.baseUrl,
      measureCpu: server.measureCpu,
      key: options.key,
      sql,
      seconds: settings.settleSeconds,
    });
    // A cold server spends its first seconds compiling and connecting: not measured.
    await trial(20);
    await healthRate(server.baseUrl, settings, settings.warmupSeconds);
    server.profileFromNow();
    const search = await searchSustainedRate({
      settings,
      goalRatio,
      startRate: options.startRate,
      maxP99Ms,
      floorRound: () => healthRate(server.baseUrl, settings),
      trial,
    });
    const peakRssMb = server.peakRssMb();
    const endToEnd =
      options.endToEnd && search.rate > 0
        ? await endToEndTrial({
            url: options.url,
            api: () => sandboxApi(server.baseUrl, options.key),
            sql,
            rate: Math.max(1, Math.round(search.rate / 2)),
            seconds: settings.settleSeconds,
          })
        : undefined;
    return {
      rate: search.rate,
      floor: search.floor,
      cpuMsPerSettlement: search.best?.cpuMsPerItem ?? 0,
      peakRssMb,
      endToEnd,
    };
  } finally {
    await sql.end();
    await server.stop();
  }
}

export async function benchSettleSustained(settings: TSettings): Promise<TFigure[]> {
  return withBenchDatabase("bench_settle", async (url) => {
    const key = await settlementKey();
    const search = await searchSettlementRate({ url, key, settings, endToEnd: true });
    const endToEnd = search.endToEnd;
    return [
      figure({
        name: "settle.sustained",
        value: search.rate,
        unit: "settlements/s",
        floor: search.floor,
        goal: { min: goalRatio },
        details: {
          cpuMsPerSettlement: search.cpuMsPerSettlement,
          peakRssApiMb: search.peakRssMb.api,
          peakRssWorkerMb: search.peakRssMb.worker,
        },
      }),
      boundedFigure({
        name: "settle.e2e",
        // No rate kept up with: nothing to measure at half of it, and the goal is not met.
        value: endToEnd?.p99 ?? Number.NaN,
        unit: "ms p99",
        below: maxEndToEndP99Ms,
        details: endToEnd && {
          ratePerSecond: endToEnd.rate,
          settlements: endToEnd.count,
          sealedAndReceived: endToEnd.completed,
          p50Ms: endToEnd.p50,
          p99SealedMs: endToEnd.p99Sealed,
          p99WebhookMs: endToEnd.p99Webhook,
        },
      }),
    ];
  });
}
