import autocannon from "autocannon";

export type TMeasurement = { requestsPerSecond: number; p50: number; p99: number; failed: number };

/** Closed-loop load on one URL: `connections` clients, each sending its next request on reply. */
export async function measure(options: {
  url: string;
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
}): Promise<TMeasurement> {
  const result = await autocannon({
    url: options.url,
    headers: options.headers,
    duration: options.seconds,
    connections: options.connections,
  });
  return {
    requestsPerSecond: result.requests.average,
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
