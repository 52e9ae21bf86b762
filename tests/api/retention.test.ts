import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { rawSql } from "@/db/client";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { call, eventually } from "../support/api";
import { startChildServer, type TChildServer } from "../support/child-server";
import { pendingSettlement } from "../support/deals";
import { moveToOwnDatabase, type TOwnDatabase } from "../support/own-database";
import { answer, startReceiver, type TReceiver } from "../support/receiver";
import { seedTenant, type TTestTenant } from "../support/tenant";

// A database of its own: retention deletes across tenants, and only this file's server may run it.
const embedded = inject("databaseEmbedded");
let database: TOwnDatabase | undefined;
let hooks: TReceiver;
let server: TChildServer | undefined;
let tenant: TTestTenant;

const RETAIN_FUNCTION = "agent-settlement-service-retain-data";
// A tick every minute, so the test waits for the real schedule rather than calling the function.
const start = () =>
  startChildServer({
    env: {
      DATABASE_URL: database?.url,
      RETENTION_CRON: "* * * * *",
      JOBS_RETRY_SCALE: "0.001",
      WEBHOOK_RETRY_SCALE: "0.0001",
    },
  });

beforeAll(async () => {
  if (embedded) return;
  database = await moveToOwnDatabase();
  hooks = await startReceiver({ handler: answer(200) });
  server = await start();
  tenant = await seedTenant();
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await hooks?.close();
  await database?.drop();
});

/** Each table's key expression, to follow individual rows across the run. */
const keyOf: Record<string, string> = {
  events: "id",
  webhook_deliveries: "id",
  webhook_attempts: "delivery_id || '#' || attempt",
  outbox: "id",
  job_runs: "id",
  job_events: "id",
  idempotency_keys: "organization_id || environment || key",
  mandate_spend_days: "agent_id || '#' || currency || '#' || day",
  console_sessions: "id",
  password_resets: "hash",
  email_verifications: "hash",
  oauth_codes: "hash",
  oauth_refresh_tokens: "hash",
  settlements: "id",
  receipts: "id",
  evidence_records: "id::text",
  ledger_transfers: "id",
  ledger_entries: "id::text",
  attest_log_nodes: "ctid::text",
  attest_log_heads: "ctid::text",
};
const retained = Object.keys(keyOf).slice(0, 13);
const keptForever = Object.keys(keyOf).slice(13);

async function keys(table: string, where = "true"): Promise<Set<string>> {
  const rows = await rawSql().unsafe<{ key: string }[]>(
    `select ${keyOf[table]} as key from ${table} where ${where}`,
  );
  return new Set(rows.map((row) => row.key));
}

async function snapshot(): Promise<Record<string, Set<string>>> {
  const entries = await Promise.all(
    Object.keys(keyOf).map(async (table) => [table, await keys(table)] as const),
  );
  return Object.fromEntries(entries);
}

const days = (n: number) => `now() - interval '${n * 24} hours'`;

describe.skipIf(embedded)("retention", { tags: ["own-server-processes"] }, () => {
  test("a bad window or schedule stops the server at start, naming each setting", async () => {
    await expect(
      startChildServer({
        env: {
          DATABASE_URL: database?.url,
          RETENTION_EVENTS_DAYS: "forever",
          RETENTION_CRON: "every hour",
        },
      }),
    ).rejects.toThrow(
      /exited early[\s\S]*RETENTION_CRON: must be a cron expression[\s\S]*RETENTION_EVENTS_DAYS/,
    );
  });

  test("the scheduled retain-data run deletes exactly what is past its window; receipts, evidence, the attest log and the ledger of an old settlement stay", async () => {
    const base = { baseUrl: server?.baseUrl, key: tenant.keys.sandbox };
    // A whole settlement's life: events, webhook deliveries and attempts, outbox rows, job runs
    // and their events, an idempotency record, a receipt sealed into the attest log, the ledger.
    const endpoint = await call("POST", "/webhooks", {
      ...base,
      body: {
        url: `${hooks.origin}/retained`,
        events: ["*"],
        secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      },
    });
    expect(endpoint.status).toBe(201);
    // On the ledger rail, so that the settlement moves money in the ledger.
    const { payer, settlement } = await pendingSettlement(tenant.keys.sandbox, {
      baseUrl: server?.baseUrl,
      adapter: "ledger",
    });
    await fundWallet({ environment: "sandbox", agentId: payer, amount: 5_000, currency: "USD" });
    const executed = await call("POST", `/settlements/${settlement.id}/execute`, {
      ...base,
      body: {},
      headers: { "Idempotency-Key": `execute-${settlement.id}` },
    });
    expect(executed.status).toBe(202);
    const receiptId = await eventually(async () => {
      const listed = await call("GET", `/receipts?settlementId=${settlement.id}`, base);
      expect(listed.body.data?.[0]?.status).toBe("valid");
      return listed.body.data[0].id as string;
    }, 30_000);
    await eventually(async () => {
      const waiting = await rawSql()`select count(*)::int as n from webhook_deliveries
        where status = 'pending'`;
      expect(waiting[0]?.n).toBe(0);
      expect(hooks.received.length).toBeGreaterThan(0);
    }, 30_000);
    await server?.stop();
    server = undefined;

    // Everything retention may delete becomes 60 days old (the idempotency record expired).
    // Receipts and evidence keep their times: they are part of what a receipt's hash covers.
    const sql = rawSql();
    await sql.begin(async (tx) => {
      await tx.unsafe(`update events set created_at = ${days(60)}`);
      await tx.unsafe(`update webhook_deliveries set created_at = ${days(60)},
        updated_at = ${days(60)}, delivered_at = ${days(60)}, last_attempt_at = ${days(60)}`);
      await tx.unsafe(
        `update webhook_attempts set started_at = ${days(60)}, finished_at = ${days(60)}`,
      );
      await tx.unsafe(`update outbox set created_at = ${days(60)}, dispatched_at = ${days(60)}
        where dispatched_at is not null`);
      await tx.unsafe(`update job_runs set created_at = ${days(60)}, ended_at = ${days(60)}
        where status <> 'queued'`);
      await tx.unsafe(`update job_events set received_at = ${days(60)}`);
      await tx.unsafe(
        `update idempotency_keys set created_at = ${days(60)}, expires_at = ${days(59)}`,
      );
      // A mandate's spending counter of a day long past (this settlement's payer has none).
      await tx.unsafe(`insert into mandate_spend_days (organization_id, environment, agent_id, currency, day, spent)
        values ('${tenant.organizationId}', 'sandbox', '${payer}', 'USD', (${days(60)})::date, 1000)`);
      // A member's console sessions (one ended, one long unseen) and mailed links long expired.
      await tx.unsafe(`insert into users (id, email)
        values ('usr-retention', 'retention-${tenant.organizationId}@example.test')`);
      await tx.unsafe(`insert into memberships (user_id, organization_id, role)
        values ('usr-retention', '${tenant.organizationId}', 'owner')`);
      await tx.unsafe(`insert into console_sessions (id, user_id, created_at, last_seen_at, ended_at) values
        ('sess-ended-31d', 'usr-retention', ${days(40)}, ${days(35)}, ${days(31)}),
        ('sess-unseen-31d', 'usr-retention', ${days(40)}, ${days(31)}, null)`);
      await tx.unsafe(`insert into password_resets (hash, user_id, expires_at, created_at)
        values ('reset-expired-2d', 'usr-retention', ${days(2)}, ${days(2.1)})`);
      await tx.unsafe(`insert into email_verifications (hash, user_id, email, expires_at, used_at, created_at)
        values ('verify-expired-2d', 'usr-retention', 'x@example.test', ${days(2)}, ${days(2.5)}, ${days(3)})`);
      // An MCP client's authorization code and refresh token, long expired.
      await tx.unsafe(`insert into oauth_codes (hash, client_id, user_id, organization_id, environment,
          scopes, redirect_uri, code_challenge, resource, expires_at, used_at, created_at)
        values ('code-expired-2d', 'oac-retention', 'usr-retention', '${tenant.organizationId}',
          'sandbox', '{agent.read}', 'http://127.0.0.1/cb', 'c', 'r', ${days(2)}, ${days(2)}, ${days(2)})`);
      await tx.unsafe(`insert into oauth_refresh_tokens (hash, family, client_id, organization_id,
          environment, scopes, resource, api_key_id, expires_at, used_at, created_at)
        values ('refresh-expired-2d', 'f', 'oac-retention', '${tenant.organizationId}', 'sandbox',
          '{agent.read}', 'r', 'key-x', ${days(2)}, ${days(50)}, ${days(92)})`);
    });
    const old = await snapshot();
    // What must go: every aged row of the retained tables, except work still to do (queued
    // runs, undispatched outbox rows), which is never deleted however old.
    const expectedGone: Record<string, Set<string>> = {
      ...Object.fromEntries(retained.map((table) => [table, old[table] as Set<string>])),
      job_runs: await keys("job_runs", "status <> 'queued'"),
      outbox: await keys("outbox", "dispatched_at is not null"),
    };
    for (const table of retained)
      expect(old[table]?.size, `${table} has rows to retain`).toBeGreaterThan(0);

    // Rows just inside their windows (defaults: events and webhooks 30 days, outbox 1 day, job
    // runs 7 days), and work that is old but not finished: all of them stay.
    await sql.begin(async (tx) => {
      await tx.unsafe(`insert into events (id, organization_id, environment, type, data, created_at)
        values ('evt-retained-29d', '${tenant.organizationId}', 'sandbox', 'agent.created', '{}', ${days(29)})`);
      await tx.unsafe(`insert into webhook_deliveries (id, organization_id, environment, endpoint_id,
          event_id, event_type, status, attempts, last_attempt_at, created_at, updated_at)
        values ('whd-retained-29d', '${tenant.organizationId}', 'sandbox', '${endpoint.body.id}',
          'evt-retained-29d', 'agent.created', 'failed', 1, ${days(29)}, ${days(29)}, ${days(29)})`);
      await tx.unsafe(`insert into webhook_attempts (delivery_id, attempt, endpoint_id, started_at, finished_at, succeeded)
        values ('whd-retained-29d', 1, '${endpoint.body.id}', ${days(29)}, ${days(29)}, false)`);
      await tx.unsafe(`insert into outbox (id, name, data, created_at, dispatched_at) values
        ('obx-retained-12h', 'test/retention.kept', '{}', ${days(0.5)}, ${days(0.5)})`);
      await tx.unsafe(`insert into job_runs (id, function_id, event_id, event, status, created_at, ended_at) values
        ('run-retained-6d', 'agent-settlement-service-diagnostic', 'evt-run-6d', '{}', 'completed', ${days(6)}, ${days(6)})`);
      // Asleep for another year: old, but not finished.
      await tx.unsafe(`insert into job_runs (id, function_id, event_id, event, status, run_at, created_at) values
        ('run-retained-asleep', 'agent-settlement-service-diagnostic', 'evt-run-asleep', '{}', 'queued', now() + interval '365 days', ${days(90)})`);
      await tx.unsafe(`insert into job_events (id, name, data, ts, received_at) values
        ('evt-job-6d', 'test/retention.kept', '{}', 0, ${days(6)})`);
      await tx.unsafe(`insert into idempotency_keys (organization_id, environment, key, request_hash, created_at, expires_at)
        values ('${tenant.organizationId}', 'sandbox', 'still-valid', 'hash', ${days(0.5)}, now() + interval '12 hours')`);
      // A session ended 29 days ago, one seen just now (signed in 90 days ago), and links that
      // expired 12 hours ago or expire tomorrow.
      await tx.unsafe(`insert into console_sessions (id, user_id, created_at, last_seen_at, ended_at) values
        ('sess-ended-29d', 'usr-retention', ${days(40)}, ${days(30)}, ${days(29)}),
        ('sess-seen-now', 'usr-retention', ${days(90)}, now(), null)`);
      await tx.unsafe(`insert into password_resets (hash, user_id, expires_at, created_at) values
        ('reset-expired-12h', 'usr-retention', ${days(0.5)}, ${days(0.6)}),
        ('reset-open', 'usr-retention', now() + interval '1 day', now())`);
      await tx.unsafe(`insert into email_verifications (hash, user_id, email, expires_at, created_at)
        values ('verify-expired-12h', 'usr-retention', 'x@example.test', ${days(0.5)}, ${days(1.5)})`);
      // A code expired 12 hours ago, and a refresh token used long ago but not yet expired: a
      // second use still has to end its chain.
      await tx.unsafe(`insert into oauth_codes (hash, client_id, user_id, organization_id, environment,
          scopes, redirect_uri, code_challenge, resource, expires_at, created_at)
        values ('code-expired-12h', 'oac-retention', 'usr-retention', '${tenant.organizationId}',
          'sandbox', '{agent.read}', 'http://127.0.0.1/cb', 'c', 'r', ${days(0.5)}, ${days(0.6)})`);
      await tx.unsafe(`insert into oauth_refresh_tokens (hash, family, client_id, organization_id,
          environment, scopes, resource, api_key_id, expires_at, used_at, created_at)
        values ('refresh-used-60d', 'f', 'oac-retention', '${tenant.organizationId}', 'sandbox',
          '{agent.read}', 'r', 'key-x', now() + interval '30 days', ${days(60)}, ${days(60)})`);
      // Yesterday's and today's counters (UTC): a settlement may still fail and give back to them.
      for (const [currency, day] of [
        ["EUR", "(now() at time zone 'UTC')::date - 1"],
        ["GBP", "(now() at time zone 'UTC')::date"],
      ])
        await tx.unsafe(`insert into mandate_spend_days (organization_id, environment, agent_id, currency, day, spent)
          values ('${tenant.organizationId}', 'sandbox', '${payer}', '${currency}', ${day}, 500)`);
    });
    const before = await snapshot();

    const restartedAt = new Date();
    server = await start();
    await eventually(async () => {
      const ticked = await sql`select 1 from job_runs where function_id = ${RETAIN_FUNCTION}
          and status = 'completed' and created_at >= ${restartedAt.toISOString()}::timestamptz`;
      expect(ticked.length).toBeGreaterThan(0);
    }, 100_000);
    // Every run that ran since the restart (one the stop interrupted may have resumed too).
    const runs = await sql<{ output: Record<string, number> }[]>`
      select output from job_runs where function_id = ${RETAIN_FUNCTION}
        and status = 'completed' and ended_at >= ${restartedAt.toISOString()}::timestamptz`;
    const after = await snapshot();

    const counts: Record<string, { before: number; after: number; deleted: number }> = {};
    for (const table of Object.keys(keyOf)) {
      const was = before[table] as Set<string>;
      const now = after[table] as Set<string>;
      // Rows the restarted server wrote itself (the retention run, say) are not this test's.
      const survivors = new Set([...was].filter((key) => now.has(key)));
      const gone = new Set([...was].filter((key) => !now.has(key)));
      counts[table] = { before: was.size, after: survivors.size, deleted: gone.size };
      expect([...gone].sort(), table).toEqual([...(expectedGone[table] ?? [])].sort());
    }
    for (const table of keptForever) {
      expect(counts[table]?.before, `${table} has rows`).toBeGreaterThan(0);
      expect(counts[table]?.deleted, table).toBe(0);
    }
    // The run's own account of what it deleted agrees, table by table.
    const reported = Object.fromEntries(
      retained.map((table) => [
        table,
        runs.reduce((sum, run) => sum + (run.output[table] ?? 0), 0),
      ]),
    );
    expect(reported).toEqual(
      Object.fromEntries(retained.map((table) => [table, expectedGone[table]?.size])),
    );
    console.log(
      `retention counts (rows before → after, deleted):\n${Object.entries(counts)
        .map(
          ([table, c]) =>
            `  ${table.padEnd(20)} ${String(c.before).padStart(4)} → ${String(c.after).padStart(4)}  (−${c.deleted})`,
        )
        .join("\n")}`,
    );

    // The old settlement's receipt is still there, and still verifies.
    const receipt = await call("GET", `/receipts/${receiptId}`, {
      ...base,
      baseUrl: server.baseUrl,
    });
    expect(receipt.status).toBe(200);
    expect(receipt.body.status).toBe("valid");
    const verified = await call("POST", `/receipts/${receiptId}/verify`, {
      ...base,
      baseUrl: server.baseUrl,
      body: { includeEvidence: true, recomputeHash: true },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({ receiptId, status: "valid", hashMatch: true });
  }, 240_000);
});
