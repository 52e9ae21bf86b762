import { createHash, timingSafeEqual } from "node:crypto";
import { collectGauges } from "./collect-gauges";
import { log } from "./logger";
import { metrics } from "./metrics";
import { observabilitySettings } from "./settings";

const digest = (value: string) => createHash("sha256").update(value).digest();

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain", ...headers } });

/**
 * The Prometheus text exposition. Without METRICS_TOKEN the route does not exist (404), so a
 * deployment never exposes metrics by accident; with it, a request without that bearer token is
 * 401. Tokens are compared as digests, in constant time.
 */
export async function serveMetrics(request: Request): Promise<Response> {
  const token = observabilitySettings().METRICS_TOKEN;
  if (!token) return plain(404, "Not found");
  const given = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  if (!timingSafeEqual(digest(given), digest(token)))
    return plain(401, "Unauthorized", { "WWW-Authenticate": 'Bearer realm="metrics"' });
  const current = metrics();
  try {
    await collectGauges(current);
  } catch (error) {
    log.error({ err: error }, "metrics: could not read the database gauges");
  }
  return plain(200, await current.registry.metrics(), {
    "Content-Type": current.registry.contentType,
    "Cache-Control": "no-store",
  });
}
