import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, expect, inject, test } from "vitest";
import { eventually } from "../support/api";
import { startChildServer, type TChildServer } from "../support/child-server";
import { APP_ID, diagnosticLog, readLog } from "../support/jobs";
import { scratchDatabase } from "../support/scratch-database";

/**
 * Crash safety of the embedded runner: a server killed with SIGKILL in the middle of a run is
 * restarted; the run is claimed again once its lease runs out and finishes, and the step that
 * had completed before the crash is not executed again. A server of its own, on a database of
 * its own, so that no other process can take the run over.
 */
const servers: TChildServer[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  for (const cleanup of cleanups) await cleanup();
});

async function ownDatabase(): Promise<{
  env: Record<string, string | undefined>;
  url: () => string;
}> {
  if (inject("databaseEmbedded")) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "jobs-crash-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const ownerFile = path.join(dataDir, "embedded-db.json");
    return {
      env: { DATABASE_URL: undefined, DATA_DIR: dataDir },
      url: () => (JSON.parse(readFileSync(ownerFile, "utf8")) as { url: string }).url,
    };
  }
  const database = scratchDatabase("jobs_crash", inject("databaseUrl"));
  await database.create();
  cleanups.push(database.drop);
  return { env: { DATABASE_URL: database.url }, url: () => database.url };
}

const start = (env: Record<string, string | undefined>) =>
  startChildServer({
    env: { ...env, JOBS_TEST_FUNCTIONS: "1", JOBS_LEASE_MS: "1500", JOBS_RETRY_SCALE: "0.001" },
    ready: (output) => output.includes("functions synced"),
  }).then((server) => {
    servers.push(server);
    return server;
  });

test("a run survives SIGKILL of its server without re-running completed steps", async () => {
  const database = await ownDatabase();
  const first = await start(database.env);
  const sql = postgres(database.url(), { max: 1, prepare: false, onnotice: () => {} });
  cleanups.unshift(() => sql.end());
  const log = diagnosticLog();
  const eventId = "obx-crash-test";
  await sql`insert into outbox (id, name, data)
    values (${eventId}, 'diag/crashable.requested', ${sql.json({ log, holdMs: 2_000 })})`;
  await eventually(
    async () => expect(readLog(log).map((e) => e.step)).toEqual(["one", "two-started"]),
    20_000,
  ).catch((error) => {
    throw new Error(`${error}\n${first.output()}`);
  });

  await first.kill();
  await sql.end();
  await start(database.env);
  const check = postgres(database.url(), { max: 1, prepare: false, onnotice: () => {} });
  cleanups.unshift(() => check.end());
  const stranded = await eventually(async () => {
    const [run] = await check<
      { status: string; output: unknown; steps: Record<string, unknown> }[]
    >`
      select status, output, steps from job_runs
      where event_id = ${eventId} and function_id = ${`${APP_ID}-diag-crashable`}`;
    expect(run?.status).toBe("completed");
    return run;
  }, 30_000);

  expect(stranded?.output).toBe("finished");
  expect(Object.keys(stranded?.steps ?? {})).toHaveLength(3);
  const steps = readLog(log);
  expect(steps.map((e) => e.step)).toEqual(["one", "two-started", "two-started", "three"]);
  // The interrupted step ran again in the new process; the completed one did not.
  expect(steps[1]?.pid).not.toBe(steps[2]?.pid);
  expect(steps[2]?.pid).toBe(steps[3]?.pid);
}, 90_000);
