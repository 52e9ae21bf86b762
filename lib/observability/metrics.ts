import { Counter, Gauge, Histogram, Registry } from "prom-client";

function create() {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: "ass_http_requests_total",
      help: "/v1 requests answered, by operation and status",
      labelNames: ["operation", "status"] as const,
      registers,
    }),
    requestDuration: new Histogram({
      name: "ass_http_request_duration_seconds",
      help: "Time to answer a /v1 request, by operation",
      labelNames: ["operation"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    rateLimited: new Counter({
      name: "ass_rate_limit_refusals_total",
      help: "Requests refused with 429 by the rate limiter",
      registers,
    }),
    jobRuns: new Counter({
      name: "ass_job_runs_total",
      help: "Job runs finished by this process, by function and outcome",
      labelNames: ["function", "outcome"] as const,
      registers,
    }),
    deliveries: new Counter({
      name: "ass_webhook_deliveries_total",
      help: "Webhook delivery attempts made by this process, by outcome",
      labelNames: ["outcome"] as const,
      registers,
    }),
    outboxBacklog: new Gauge({
      name: "ass_outbox_backlog",
      help: "Outbox rows not yet dispatched (whole deployment)",
      registers,
    }),
    oldestDueJobRun: new Gauge({
      name: "ass_job_oldest_due_run_age_seconds",
      help: "How long the oldest due, unclaimed job run has waited (whole deployment); 0 when none",
      registers,
    }),
    dbConnections: new Gauge({
      name: "ass_db_connections",
      help: "The service's PostgreSQL connections (all its processes), by state (active, idle, idle in transaction)",
      labelNames: ["state"] as const,
      registers,
    }),
    dbPoolMax: new Gauge({
      name: "ass_db_pool_max_connections",
      help: "Connections this process's main pool may open",
      registers,
    }),
  };
}

export type TMetrics = ReturnType<typeof create>;

// One registry per process: Next.js gives route bundles their own module instances.
const holder = globalThis as unknown as { __assMetrics?: TMetrics };

export function metrics(): TMetrics {
  holder.__assMetrics ??= create();
  return holder.__assMetrics;
}
