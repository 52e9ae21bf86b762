import { serveMetrics } from "@/lib/observability/serve-metrics";

export const dynamic = "force-dynamic";

// GET /metrics - Prometheus metrics, for a scraper holding METRICS_TOKEN
export const GET = serveMetrics;
