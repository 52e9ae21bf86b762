import { rawSql } from "@/db/client";
import type { TMetrics } from "./metrics";

/**
 * The gauges read from PostgreSQL at scrape time: they describe the deployment's shared state
 * (the outbox, the run queue, connections), which no single process counts.
 */
export async function collectGauges(metrics: TMetrics): Promise<void> {
  const sql = rawSql();
  const [[backlog], [due], connections] = await Promise.all([
    sql<{ count: number }[]>`
      select count(*)::int as count from outbox
      where dispatched_at is null and (not_before is null or not_before <= now())`,
    sql<{ age: number }[]>`
      select coalesce(extract(epoch from now() - min(run_at)), 0)::float8 as age
      from job_runs where status = 'queued' and run_at <= now() and lease_token is null`,
    sql<{ state: string; count: number }[]>`
      select coalesce(state, 'unknown') as state, count(*)::int as count from pg_stat_activity
      where datname = current_database() and application_name = 'agent-settlement-service'
      group by 1`,
  ]);
  metrics.outboxBacklog.set(backlog?.count ?? 0);
  metrics.oldestDueJobRun.set(Math.max(0, due?.age ?? 0));
  metrics.dbConnections.reset();
  for (const { state, count } of connections) metrics.dbConnections.set({ state }, count);
  metrics.dbPoolMax.set(sql.options.max);
}
