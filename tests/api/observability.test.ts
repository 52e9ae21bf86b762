import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { enqueueJobs } from "@/lib/jobs/enqueue-job";
import { call, eventually } from "../support/api";
import { startChildServer, type TChildServer } from "../support/child-server";
import { pendingSettlement } from "../support/deals";
import { startOtlpReceiver, type TReceivedSpan } from "../support/otlp-receiver";
import { moveToOwnDatabase, type TOwnDatabase } from "../support/own-database";
import { answer, startReceiver, type TReceiver } from "../support/receiver";
import { secretsInLogLines } from "../support/secret-scan";
import { seedTenant, type TTestTenant } from "../support/tenant";

// Two processes on a database of their own: an API process (BACKGROUND_WORK=off), so that the
// outbox fills while no worker runs, and a worker started later, which drains it.
const embedded = inject("databaseEmbedded");
const METRICS_TOKEN = "metrics-token-0123456789abcdef";
let database: TOwnDatabase | undefined;
let otlp: Awaited<ReturnType<typeof startOtlpReceiver>>;
let hooks: TReceiver;
let web: TChildServer;
let worker: TChildServer | undefined;
let tenant: TTestTenant;
/** Every secret the requests below carry or receive; none may appear in any log line. */
const secrets: string[] = [];

const serverEnv = () => ({
  DATABASE_URL: database?.url,
  METRICS_TOKEN,
  OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
  JOBS_RETRY_SCALE: "0.001",
  WEBHOOK_RETRY_SCALE: "0.0001",
});

beforeAll(async () => {
  if (embedded) return;
  database = await moveToOwnDatabase();
  [otlp, hooks] = await Promise.all([startOtlpReceiver(), startReceiver({ handler: answer(200) })]);
  web = await startChildServer({ env: { ...serverEnv(), BACKGROUND_WORK: "off" } });
  tenant = await seedTenant();
  secrets.push(tenant.keys.sandbox, tenant.keys.production);
}, 120_000);

afterAll(async () => {
  await Promise.all([web?.stop(), worker?.stop()]);
  await Promise.all([otlp?.close(), hooks?.close()]);
  await database?.drop();
});

type TLogLine = Record<string, unknown>;
const logLines = (server: TChildServer): TLogLine[] =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as TLogLine);

const cookiePairs = (response: Response) =>
  response.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "");

/** Signs up and in through the console routes, then creates an API key there: a password and a secret. */
async function consoleKey(base: string): Promise<string> {
  const account = {
    name: "Observer",
    email: `observer-${Date.now()}@example.com`,
    password: `pw-${crypto.randomUUID()}`,
    organizationName: "Observed",
  };
  secrets.push(account.password);
  const signedUp = await fetch(`${base}/api/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(account),
  });
  expect(signedUp.status).toBe(201);
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signedIn = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: cookiePairs(csrf).join("; "),
    },
    body: new URLSearchParams({ csrfToken, ...account, json: "true" }),
  });
  const session = cookiePairs(signedIn).find((pair) => pair.includes("session-token="));
  expect(session).toBeDefined();
  const created = await call("POST", "/api/console/keys", {
    baseUrl: base,
    headers: { cookie: session ?? "", origin: base },
    body: { name: "observed", environment: "sandbox", scopes: ["agent.register", "agent.read"] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  secrets.push(created.body.secret);
  return created.body.secret;
}

describe.skipIf(embedded)("structured logs", { tags: ["own-server-processes"] }, () => {
  test("one JSON line per request carries its Request-Id, tenant, credential, operation, status, latency and rate-limit outcome", async () => {
    const baseUrl = web.baseUrl;
    const agent = await call("POST", "/agents", {
      baseUrl,
      key: tenant.keys.sandbox,
      body: { name: "Logged" },
    });
    expect(agent.status).toBe(201);
    const requestId = agent.headers.get("request-id");
    const line = await eventually(async () => {
      const found = logLines(web).find((entry) => entry.requestId === requestId);
      expect(found).toBeDefined();
      return found as TLogLine;
    });
    expect(line).toMatchObject({
      level: "info",
      kind: "request",
      method: "POST",
      operation: "createAgent",
      organizationId: tenant.organizationId,
      environment: "sandbox",
      credential: { kind: "api_key", keyId: tenant.keyIds.sandbox },
      status: 201,
      rateLimit: expect.stringMatching(/^(allowed|off)$/),
    });
    expect(line.latencyMs).toEqual(expect.any(Number));
    expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT/);

    // A refused request is logged too, without an organization.
    const refused = await call("GET", "/agents", { baseUrl, key: "sk_test_not-a-real-key" });
    expect(refused.status).toBe(401);
    const refusedLine = await eventually(async () => {
      const found = logLines(web).find(
        (entry) => entry.requestId === refused.headers.get("request-id"),
      );
      expect(found).toBeDefined();
      return found as TLogLine;
    });
    expect(refusedLine).toMatchObject({ status: 401, operation: "listAgents" });
    expect(refusedLine.organizationId).toBeUndefined();

    // A path no operation serves is logged under one operation name.
    const unknown = await call("GET", "/no-such-thing", { baseUrl, key: tenant.keys.sandbox });
    expect(unknown.status).toBe(404);
    const unknownLine = await eventually(async () => {
      const found = logLines(web).find(
        (entry) => entry.requestId === unknown.headers.get("request-id"),
      );
      expect(found).toBeDefined();
      return found as TLogLine;
    });
    expect(unknownLine).toMatchObject({
      status: 404,
      operation: "unmatched",
      organizationId: tenant.organizationId,
    });
  });

  test("no password, API key secret, agent token or webhook secret appears in any log line", async () => {
    const baseUrl = web.baseUrl;
    const consoleSecret = await consoleKey(baseUrl);
    const agentId = (
      await call("POST", "/agents", { baseUrl, key: consoleSecret, body: { name: "Tokened" } })
    ).body.id;
    const issued = await call("POST", "/auth/token", {
      baseUrl,
      key: consoleSecret,
      body: { agent_id: agentId, scopes: ["agent.read"] },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    secrets.push(issued.body.token);
    const read = await call("GET", `/agents/${agentId}`, { baseUrl, key: issued.body.token });
    expect(read.status).toBe(200);
    const tokenLine = await eventually(async () => {
      const found = logLines(web).find(
        (entry) => entry.requestId === read.headers.get("request-id"),
      );
      expect(found).toBeDefined();
      return found as TLogLine;
    });
    expect(tokenLine.credential).toMatchObject({ kind: "agent_token", agentId });
    expect((tokenLine.credential as { jti: string }).jti).toMatch(/^tok-/);

    const webhookSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    secrets.push(webhookSecret);
    const endpoint = await call("POST", "/webhooks", {
      baseUrl,
      key: tenant.keys.sandbox,
      body: { url: `${hooks.origin}/observed`, events: ["*"], secret: webhookSecret },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    // A request that carries a secret and fails validation (its body is echoed nowhere).
    const bad = await call("POST", "/webhooks", {
      baseUrl,
      key: tenant.keys.sandbox,
      body: { url: "not a url", events: ["*"], secret: webhookSecret },
    });
    expect(bad.status).toBe(400);

    const output = web.output();
    expect(logLines(web).length).toBeGreaterThan(5);
    expect(secretsInLogLines(output)).toEqual([]);
    // The shape scan the whole API run ends with (global-setup.ts) does find a secret in a line.
    expect(secretsInLogLines(`{"msg":"${consoleSecret}"}\n{"msg":"${issued.body.token}"}`)).toEqual(
      ["1 × API key secret", "1 × agent token"],
    );
    for (const secret of secrets) expect(output).not.toContain(secret);
    // The raw key material after its prefix is never logged either.
    for (const secret of secrets) expect(output).not.toContain(secret.slice(-24));
  });
});

const scrape = async (server: TChildServer) => {
  const response = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
};

const sample = (text: string, metric: string) => {
  const line = text.split("\n").find((entry) => entry.startsWith(`${metric} `));
  return line === undefined ? undefined : Number(line.split(" ")[1]);
};

describe.skipIf(embedded)("/metrics", { tags: ["own-server-processes"] }, () => {
  test("is not served (404) by a server without METRICS_TOKEN", async () => {
    const response = await fetch(`${inject("baseUrl")}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("ass_");
  });

  test("needs the bearer token: 401 without it or with another", async () => {
    const none = await fetch(`${web.baseUrl}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    const wrong = await fetch(`${web.baseUrl}/metrics`, {
      headers: { authorization: "Bearer metrics-token-0123456789abcdeX" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("ass_");
  });

  test("exposes every listed metric, and the outbox backlog rises with work and falls as the worker drains it", async () => {
    const before = await scrape(web);
    for (const metric of [
      "ass_http_requests_total",
      "ass_http_request_duration_seconds",
      "ass_rate_limit_refusals_total",
      "ass_outbox_backlog",
      "ass_job_oldest_due_run_age_seconds",
      "ass_job_runs_total",
      "ass_webhook_deliveries_total",
      "ass_db_connections",
      "ass_db_pool_max_connections",
    ])
      expect(before).toContain(`# TYPE ${metric} `);
    expect(before).toMatch(/ass_http_requests_total\{operation="createAgent",status="201"\} \d+/);
    expect(before).toMatch(
      /ass_http_request_duration_seconds_bucket\{le="0\.1",operation="createAgent"\} \d+/,
    );
    expect(before).toMatch(/ass_db_connections\{state="(active|idle)"\} [1-9]/);

    // No worker yet: 200 jobs wait in the outbox.
    const backlogBefore = sample(before, "ass_outbox_backlog") ?? Number.NaN;
    await enqueueJobs(
      db,
      Array.from({ length: 200 }, (_, i) => ({ name: "test/metrics.backlog", data: { i } })),
    );
    const loaded = sample(await scrape(web), "ass_outbox_backlog");
    expect(loaded).toBe(backlogBefore + 200);

    worker = await startChildServer({ env: serverEnv() });
    await eventually(async () => {
      expect(sample(await scrape(web), "ass_outbox_backlog")).toBe(0);
    }, 30_000);
    // A scheduled run may come due at any moment; the worker takes it up within its poll.
    await eventually(async () => {
      expect(
        sample(await scrape(worker as TChildServer), "ass_job_oldest_due_run_age_seconds"),
      ).toBe(0);
    }, 30_000);
  }, 120_000);
});

describe.skipIf(embedded)("traces", { tags: ["own-server-processes"] }, () => {
  test("one execute reaches the OTLP receiver as one trace: the request with its statements, the job run (in the worker) with its statements, and the webhook call", async () => {
    expect(worker, "the metrics test starts the worker").toBeDefined();
    const baseUrl = web.baseUrl;
    const key = tenant.keys.sandbox;
    const { settlement } = await pendingSettlement(key, { baseUrl });
    const executed = await call("POST", `/settlements/${settlement.id}/execute`, {
      baseUrl,
      key,
      body: {},
    });
    expect(executed.status).toBe(202);
    await eventually(async () => {
      const current = await call("GET", `/settlements/${settlement.id}`, { baseUrl, key });
      expect(current.body.status).toBe("executed");
    }, 20_000);

    const childrenOf = (span: TReceivedSpan) =>
      otlp.spans.filter((other) => other.parentSpanId === span.spanId);
    const descendants = (span: TReceivedSpan): TReceivedSpan[] =>
      childrenOf(span).flatMap((child) => [child, ...descendants(child)]);

    const request = await eventually(async () => {
      const found = otlp.spans.find(
        (span) =>
          span.name === "executeSettlement" && span.attributes["http.response.status_code"] === 202,
      );
      expect(found).toBeDefined();
      return found as TReceivedSpan;
    }, 15_000);
    expect(request.service).toBe("agent-settlement-service");
    const requestStatements = await eventually(async () => {
      const statements = descendants(request).filter((span) => span.name.startsWith("db "));
      expect(statements.length).toBeGreaterThan(0);
      return statements;
    }, 10_000);
    expect(requestStatements.every((span) => span.traceId === request.traceId)).toBe(true);
    expect(requestStatements[0]?.attributes["db.system.name"]).toBe("postgresql");
    expect(String(requestStatements[0]?.attributes["db.query.text"])).toMatch(
      /^\s*(select|insert|update|with|delete|begin)/i,
    );

    // The job's run continues the request's trace (the outbox row carries its traceparent),
    // though the worker, another process, runs it.
    const job = await eventually(async () => {
      const found = descendants(request).find(
        (span) => span.name === "job agent-settlement-service-execute-settlement",
      );
      expect(found).toBeDefined();
      return found as TReceivedSpan;
    }, 15_000);
    expect(job.attributes["job.run_id"]).toMatch(/^run-/);
    const jobStatements = await eventually(async () => {
      const statements = descendants(job).filter((span) => span.name.startsWith("db "));
      expect(statements.length).toBeGreaterThan(0);
      return statements;
    }, 10_000);
    expect(
      jobStatements.some((span) => /settlements/.test(String(span.attributes["db.query.text"]))),
    ).toBe(true);

    // The settlement's events reach the webhook endpoint: the outbound call, in the same trace.
    await eventually(async () => {
      const sends = otlp.spans.filter(
        (span) => span.name === "webhook send" && span.traceId === request.traceId,
      );
      expect(sends.length).toBeGreaterThan(0);
      expect(sends.every((span) => span.parentSpanId)).toBe(true);
    }, 15_000);
    expect(otlp.refused).toEqual([]);

    const workerMetrics = await scrape(worker as TChildServer);
    expect(workerMetrics).toMatch(
      /ass_job_runs_total\{function="agent-settlement-service-execute-settlement",outcome="completed"\} [1-9]/,
    );
    expect(workerMetrics).toMatch(/ass_webhook_deliveries_total\{outcome="delivered"\} [1-9]/);
    const attempt = logLines(worker as TChildServer).find(
      (entry) => entry.kind === "webhook_attempt" && entry.outcome === "delivered",
    );
    expect(attempt).toMatchObject({ level: "info", attempt: expect.any(Number) });
    const run = logLines(worker as TChildServer).find(
      (entry) =>
        entry.kind === "job_run" &&
        entry.function === "agent-settlement-service-execute-settlement",
    );
    expect(run).toMatchObject({ outcome: "completed", runId: expect.stringMatching(/^run-/) });
    // No secret in the worker's lines either (it signs the webhook with the endpoint's secret).
    for (const secret of secrets) expect((worker as TChildServer).output()).not.toContain(secret);
    expect(secretsInLogLines((worker as TChildServer).output())).toEqual([]);
  }, 120_000);
});
