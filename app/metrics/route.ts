import { serveMetrics } from "@/lib/observability/serve-metrics";
import { routeMethods } from "@/lib/pipeline/handle";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /metrics - Prometheus metrics, for a scraper holding METRICS_TOKEN
  GET: serveMetrics,
});
