import { afterAll, beforeAll, expect, test } from "vitest";
import { setConfigVariables } from "@/config";
import { closeDatabase, rawSql } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { scratchDatabase } from "../../tests/support/scratch-database";
import { CRON_EVENT, startCronRuns } from "./cron-runs";
import { toJobFunctions } from "./function-config";

const database = scratchDatabase(
  "cron_runs",
  process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
);

beforeAll(async () => {
  await database.create();
  setConfigVariables({ DATABASE_URL: database.url });
  await migrateDatabase(database.url);
});
afterAll(async () => {
  await closeDatabase();
  await database.drop();
});

const functions = toJobFunctions([
  { id: "app-every-5", triggers: [{ cron: "*/5 * * * *" }], steps: { step: {} } },
  { id: "app-hourly", triggers: [{ cron: "0 * * * *" }], steps: { step: {} } },
  { id: "app-event", triggers: [{ event: "x/y.z" }], steps: { step: {} } },
]);

const runs = () =>
  rawSql()<{ functionId: string; eventId: string; event: { name: string; ts: number } }[]>`
    select function_id as "functionId", event_id as "eventId", event from job_runs
    order by function_id, event_id`;

test("each tick starts exactly one run, however many processes look, and a tick missed for long is skipped", async () => {
  const now = new Date("2026-01-01T10:00:30Z");
  // Four processes looking at once, then again ten seconds later.
  const started = await Promise.all(
    Array.from({ length: 4 }, () => startCronRuns(rawSql(), functions, now)),
  );
  expect(started.reduce((sum, count) => sum + count, 0)).toBe(2);
  expect(await startCronRuns(rawSql(), functions, new Date(now.getTime() + 10_000))).toBe(0);
  expect(await runs()).toMatchObject([
    {
      functionId: "app-every-5",
      eventId: "cron-app-every-5-2026-01-01T10:00:00.000Z",
      event: { name: CRON_EVENT, ts: Date.parse("2026-01-01T10:00:00Z") },
    },
    { functionId: "app-hourly", eventId: "cron-app-hourly-2026-01-01T10:00:00.000Z" },
  ]);
  // 10:05 is within the lookback at 10:06; 10:00 again is not started twice.
  expect(await startCronRuns(rawSql(), functions, new Date("2026-01-01T10:06:00Z"))).toBe(1);
  // After a long stop, only the ticks of the last 90 seconds start (none at 12:33).
  expect(await startCronRuns(rawSql(), functions, new Date("2026-01-01T12:33:00Z"))).toBe(0);
  expect(await runs()).toHaveLength(3);
});
