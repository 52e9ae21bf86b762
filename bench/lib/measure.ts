import autocannon from "autocannon";

export type TMeasurement = { requestsPerSecond: number; p50: number; p99: number; failed: number };

/**
 * Closed-loop load on one URL: `connections` clients, each sending its next request on reply.
 * Only 2xx answers count towards the rate. `path` picks each request's path (rotating over
 * resources); `clientHeaders` gives each connection its own headers (one key per tenant).
 */
export async function measure(options: {
  url: string;
  headers?: Record<string, string>;
  method?: "GET" | "POST";
  body?: string;
  path?: () => string;
  clientHeaders?: () => Record<string, string>;
  seconds: number;
  connections: number;
}): Promise<TMeasurement> {
  const { path, clientHeaders } = options;
  // autocannon takes an option given as undefined as set, so only given ones are passed.
  const result = await autocannon({
    url: options.url,
    duration: options.seconds,
    connections: options.connections,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.method ? { method: options.method } : {}),
    ...(options.body ? { body: options.body } : {}),
    ...(path
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => {
                request.path = path();
                return request;
              },
            },
          ],
        }
      : {}),
    ...(clientHeaders
      ? { setupClient: (client: autocannon.Client) => client.setHeaders(clientHeaders()) }
      : {}),
  });
  return {
    requestsPerSecond: result["2xx"] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
