import { describe, expect, it } from "vitest";
import { AgentSettlementError } from "./errors";
import { fetchWithRetries, retryAfterMs } from "./retry";

/** A transport that answers with `statuses` in turn (a thrown error for "lost"). */
function scripted(statuses: (number | "lost")[], headers: Record<string, string> = {}) {
  const seen: Request[] = [];
  const fetchImpl = async (request: Request) => {
    seen.push(request);
    const status = statuses[seen.length - 1] ?? 200;
    if (status === "lost") throw new TypeError("socket hang up");
    return new Response("{}", { status, headers });
  };
  return { fetchImpl, seen };
}

const fast = { baseDelayMs: 1, maxDelayMs: 1_000 };
const request = (method: string, headers: Record<string, string> = {}) =>
  new Request("http://service.test/v1/agents", {
    method,
    headers,
    body: method === "GET" ? undefined : "{}",
  });

describe("retryAfterMs", () => {
  it("reads seconds and HTTP dates, and ignores anything else", () => {
    const at = (value: string) => new Response(null, { headers: { "retry-after": value } });
    const now = Date.parse("2026-11-25T10:00:00Z");
    expect(retryAfterMs(at("3"), now)).toBe(3_000);
    expect(retryAfterMs(at("Wed, 25 Nov 2026 10:00:05 GMT"), now)).toBe(5_000);
    expect(retryAfterMs(at("soon"), now)).toBeUndefined();
    expect(retryAfterMs(new Response(null), now)).toBeUndefined();
  });
});

describe("fetchWithRetries", () => {
  it("retries a GET through 502, 503 and a lost answer, then returns the success", async () => {
    const transport = scripted([502, 503, "lost", 200]);
    const response = await fetchWithRetries(transport.fetchImpl, fast)(request("GET"));
    expect(response.status).toBe(200);
    expect(transport.seen).toHaveLength(4);
  });

  it("repeats a keyed POST with the same key and body", async () => {
    const transport = scripted(["lost", 201]);
    const sent = request("POST", { "idempotency-key": "k-1" });
    expect((await fetchWithRetries(transport.fetchImpl, fast)(sent)).status).toBe(201);
    expect(transport.seen.map((seen) => seen.headers.get("idempotency-key"))).toEqual([
      "k-1",
      "k-1",
    ]);
    expect(await Promise.all(transport.seen.map((seen) => seen.text()))).toEqual(["{}", "{}"]);
  });

  it("never repeats an unkeyed PATCH after a 503 or a lost answer, but does after a 429", async () => {
    const unavailable = scripted([503]);
    expect((await fetchWithRetries(unavailable.fetchImpl, fast)(request("PATCH"))).status).toBe(
      503,
    );
    expect(unavailable.seen).toHaveLength(1);

    const lost = scripted(["lost"]);
    const error = await fetchWithRetries(lost.fetchImpl, fast)(request("PATCH")).catch((e) => e);
    expect(error).toBeInstanceOf(AgentSettlementError);
    expect(error).toMatchObject({ status: 0, code: "connection_error" });
    expect(lost.seen).toHaveLength(1);

    const limited = scripted([429, 200], { "retry-after": "0" });
    expect((await fetchWithRetries(limited.fetchImpl, fast)(request("PATCH"))).status).toBe(200);
    expect(limited.seen).toHaveLength(2);
  });

  it("stops after maxRetries, and answers a Retry-After longer than maxDelayMs at once", async () => {
    const always = scripted([503, 503, 503, 503, 503]);
    const response = await fetchWithRetries(always.fetchImpl, { ...fast, maxRetries: 2 })(
      request("GET"),
    );
    expect(response.status).toBe(503);
    expect(always.seen).toHaveLength(3);

    const later = scripted([429, 200], { "retry-after": "120" });
    expect((await fetchWithRetries(later.fetchImpl, fast)(request("GET"))).status).toBe(429);
    expect(later.seen).toHaveLength(1);
  });
});
