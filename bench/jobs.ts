/*
 * Throughput of the embedded job runner, end to end: outbox rows → dispatcher → runs → calls to
 * the production build's /api/inngest handler (in-process) → step results in PostgreSQL.
 *   npm run bench:jobs [-- runs=2000]
 * Starts `next start` (run `npm run build` first) with the benchmark functions on a fresh
 * database (or DATABASE_URL), writes `runs` outbox rows at once for a 1-step function, waits
 * for every run to complete, then the same for a 3-step function. Prints runs/s and the time
 * from outbox row to completed run (p50/p99).
 */
import postgres from "postgres";
import { startChildServer } from "@/tests/support/child-server";
import { withBenchDatabase } from "./lib/fresh-database";
import { serverCpuMs } from "./lib/server-cpu";

const runs = Number(process.argv[2] ?? 2000);

async function measure(sql: postgres.Sql, pid: number, event: string, functionId: string) {
  const cpuBefore = serverCpuMs(pid);
  const started = performance.now();
  await sql`insert into outbox (id, name, data)
    select 'obx-bench-' || ${event} || '-' || i, ${event}, jsonb_build_object('i', i)
    from generate_series(1, ${runs}) i`;
  for (;;) {
    const [row] = await sql<{ done: number }[]>`
      select count(*)::int as done from job_runs where function_id = ${functionId} and status = 'completed'`;
    if ((row?.done ?? 0) >= runs) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpuPerRun = (serverCpuMs(pid) - cpuBefore) / runs;
  const [latency] = await sql<{ p50: number; p99: number }[]>`
    select percentile_cont(0.5) within group (order by ms) as p50,
           percentile_cont(0.99) within group (order by ms) as p99
    from (select extract(epoch from r.ended_at - o.created_at) * 1000 as ms
          from job_runs r join outbox o on o.id = r.event_id where r.function_id = ${functionId}) t`;
  return {
    cpuPerRun,
    perSecond: Math.round(runs / seconds),
    seconds,
    p50: latency?.p50 ?? 0,
    p99: latency?.p99 ?? 0,
  };
}

await withBenchDatabase("bench_jobs", async (url) => {
  const server = await startChildServer({
    env: { DATABASE_URL: url, JOBS_TEST_FUNCTIONS: "1" },
    ready: (output) => output.includes("functions synced"),
  });
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  try {
    for (const [label, event, fn] of [
      ["1-step function", "bench/one.requested", "agent-settlement-service-bench-one-step"],
      ["3-step function", "bench/three.requested", "agent-settlement-service-bench-three-steps"],
    ] as const) {
      const result = await measure(sql, server.process.pid ?? 0, event, fn);
      console.log(
        `${label}: ${runs} runs in ${result.seconds.toFixed(2)} s = ${result.perSecond} runs/s; outbox → completed p50 ${Math.round(result.p50)} ms, p99 ${Math.round(result.p99)} ms; server CPU ${result.cpuPerRun.toFixed(1)} ms per run`,
      );
    }
  } finally {
    await sql.end();
    await server.stop();
  }
});
