import { ApiConnectionError } from "./errors";

export type TRetryOptions = {
  /** Attempts after the first; 0 turns retries off. */
  maxRetries?: number;
  /** First backoff step; each retry doubles it (full jitter). */
  baseDelayMs?: number;
  /** No single wait is longer; a `Retry-After` beyond it is answered with the error instead. */
  maxDelayMs?: number;
};

const retryableStatuses = new Set([502, 503]);
const idempotentMethods = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

/** Seconds or an HTTP date (RFC 9110), as milliseconds from now; undefined when absent or bad. */
export function retryAfterMs(response: Response, now = Date.now()): number | undefined {
  const value = response.headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** An abort by the caller's signal, or its timeout, as the SDK's own error. */
const aborted = (request: Request) =>
  new ApiConnectionError(
    {
      status: 0,
      code: request.signal.reason?.name === "TimeoutError" ? "timeout" : "aborted",
      message: `${request.method} ${request.url}: ${String(request.signal.reason?.message ?? "aborted")}`,
    },
    { cause: request.signal.reason },
  );

const sleep = (ms: number, request: Request) =>
  new Promise<void>((resolve, reject) => {
    const { signal } = request;
    if (signal.aborted) return reject(aborted(request));
    const abort = () => {
      clearTimeout(timer);
      reject(aborted(request));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", abort);
      resolve();
    }, ms);
    signal.addEventListener("abort", abort, { once: true });
  });

/**
 * A fetch that retries network failures, 429, 502 and 503 with exponential backoff and jitter,
 * honouring `Retry-After`. A 429 is always retried (the server refused before running anything);
 * the others only for requests safe to repeat: idempotent methods, and others that carry an
 * `Idempotency-Key` (the server replays their first answer).
 */
export function fetchWithRetries(
  fetchImpl: (request: Request) => Promise<Response>,
  { maxRetries = 3, baseDelayMs = 500, maxDelayMs = 60_000 }: TRetryOptions = {},
): (request: Request) => Promise<Response> {
  return async (request) => {
    const repeatable =
      idempotentMethods.has(request.method) || request.headers.has("idempotency-key");
    // The body is read once, and each attempt is a new request of the same bytes and signal
    // (not request.clone(): on Node 26 a clone's signal does not follow the original's abort).
    const body = request.body ? await request.arrayBuffer() : undefined;
    const attempt = () =>
      new Request(request.url, {
        method: request.method,
        headers: request.headers,
        body,
        signal: request.signal,
        redirect: request.redirect,
      });
    for (let tries = 0; ; tries++) {
      if (request.signal.aborted) throw aborted(request);
      const canRetry = tries < maxRetries;
      const backoff = Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** tries);
      let response: Response;
      try {
        response = await fetchImpl(attempt());
      } catch (error) {
        if (request.signal.aborted) throw aborted(request);
        if (!canRetry || !repeatable) {
          throw new ApiConnectionError(
            {
              status: 0,
              code: "connection_error",
              message: `${request.method} ${request.url}: ${(error as Error).message}`,
            },
            { cause: error },
          );
        }
        await sleep(backoff, request);
        continue;
      }
      const retryable =
        response.status === 429 || (repeatable && retryableStatuses.has(response.status));
      if (!canRetry || !retryable) return response;
      const wait = retryAfterMs(response) ?? backoff;
      if (wait > maxDelayMs) return response;
      await response.body?.cancel();
      await sleep(wait, request);
    }
  };
}
