import { AgentSettlementError, createClient } from "@agent-settlement/sdk";
import { afterAll, describe, expect, inject, test } from "vitest";
import { seedTenant, type TTestTenant } from "../support/tenant";

const tenants: TTestTenant[] = [];
afterAll(() => Promise.all(tenants.map((tenant) => tenant.remove())));

async function tenantOn(plan: "free" | "enterprise") {
  const tenant = await seedTenant({ plan });
  tenants.push(tenant);
  return tenant;
}

type TAttempt = {
  method: string;
  path: string;
  status: number | "lost";
  idempotencyKey: string | null;
};

/** A fetch that records every attempt the SDK makes; `loseAnswer` drops chosen answers. */
function recordingFetch(loseAnswer: (attempt: number, request: Request) => boolean = () => false) {
  const attempts: TAttempt[] = [];
  const fetchAndRecord = async (request: Request) => {
    const response = await fetch(request);
    const lost = loseAnswer(attempts.length, request);
    attempts.push({
      method: request.method,
      path: new URL(request.url).pathname,
      status: lost ? "lost" : response.status,
      idempotencyKey: request.headers.get("idempotency-key"),
    });
    if (lost) {
      await response.body?.cancel();
      throw new TypeError("fetch failed: the connection was reset");
    }
    return response;
  };
  return { fetch: fetchAndRecord, attempts };
}

describe("SDK retries against the real server", () => {
  test("a free-plan key past its burst gets 429s and every call still completes after Retry-After", {
    timeout: 60_000,
  }, async () => {
    const tenant = await tenantOn("free");
    const recording = recordingFetch();
    const client = createClient({
      apiKey: tenant.keys.sandbox,
      baseUrl: inject("baseUrl"),
      fetch: recording.fetch,
      retries: { maxRetries: 5 },
    });
    const pages = await Promise.all(Array.from({ length: 13 }, () => client.agents.list()));
    expect(pages.every((page) => Array.isArray(page.data))).toBe(true);
    const statuses = recording.attempts.map((attempt) => attempt.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(13);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(3);
  });

  test("a POST whose answer was lost is retried with its Idempotency-Key: replayed, not duplicated", async () => {
    const tenant = await tenantOn("enterprise");
    const recording = recordingFetch((attempt) => attempt === 0);
    const client = createClient({
      apiKey: tenant.keys.sandbox,
      baseUrl: inject("baseUrl"),
      fetch: recording.fetch,
    });
    const name = `Retried ${crypto.randomUUID()}`;
    const agent = await client.agents.create({ name });
    expect(recording.attempts.map((attempt) => attempt.status)).toEqual(["lost", 201]);
    const [first, second] = recording.attempts;
    expect(first!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);

    const reader = createClient({ apiKey: tenant.keys.sandbox, baseUrl: inject("baseUrl") });
    const agents = (await reader.agents.list({ limit: 100 })).data.filter((a) => a.name === name);
    expect(agents.map((a) => a.id)).toEqual([agent.id]);
  });

  test("without retries a lost answer is one AgentSettlementError, and bad input is never retried", async () => {
    const tenant = await tenantOn("enterprise");
    const lost = recordingFetch(() => true);
    const noRetries = createClient({
      apiKey: tenant.keys.sandbox,
      baseUrl: inject("baseUrl"),
      fetch: lost.fetch,
      retries: { maxRetries: 0 },
    });
    const lostAnswer = await noRetries.agents.list().catch((error) => error);
    expect(lostAnswer).toBeInstanceOf(AgentSettlementError);
    expect(lostAnswer).toMatchObject({
      name: "ApiConnectionError",
      status: 0,
      code: "connection_error",
    });
    expect(lost.attempts).toHaveLength(1);

    const recording = recordingFetch();
    const client = createClient({
      apiKey: tenant.keys.sandbox,
      baseUrl: inject("baseUrl"),
      fetch: recording.fetch,
    });
    const refused = await client.agents.get("agt-doesnotexist00000").catch((error) => error);
    expect(refused).toBeInstanceOf(AgentSettlementError);
    expect(refused).toMatchObject({ status: 404, code: "not_found" });
    expect(recording.attempts).toHaveLength(1);
  });
});
