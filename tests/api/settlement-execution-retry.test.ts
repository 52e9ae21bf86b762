import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/db/client";
import { jobRuns, receipts, sandboxCharges } from "@/db/schema";
import { call } from "../support/api";
import { pendingSettlement, settled } from "../support/deals";
import { injectWriteFailure } from "../support/injected-failure";
import { APP_ID } from "../support/jobs";
import { settlementEvents, settlementRows } from "../support/settlement-records";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

/**
 * Makes the first sandbox charge of this settlement fail (a sequence, which a rollback does not
 * undo, counts the tries), until the returned undo runs.
 */
async function failFirstCharge(settlementId: string) {
  const name = `test_fail_once_${settlementId.replace(/\W/g, "_").toLowerCase()}`;
  await db.execute(sql.raw(`create sequence ${name}`));
  const undo = await injectWriteFailure({
    name,
    table: "sandbox_charges",
    on: "insert",
    when: `case when new.settlement_id = '${settlementId}' then nextval('${name}') = 1 else false end`,
  });
  return async () => {
    await undo();
    await db.execute(sql.raw(`drop sequence ${name}`));
  };
}

const runsOf = (functionName: string, settlementId: string) =>
  db
    .select({ status: jobRuns.status, output: jobRuns.output })
    .from(jobRuns)
    .where(
      and(
        eq(jobRuns.functionId, `${APP_ID}-${functionName}`),
        sql`(${jobRuns.event}->'data'->>'settlementId' = ${settlementId}
          or ${jobRuns.events} @> ${JSON.stringify([{ data: { settlementId } }])}::jsonb)`,
      ),
    );

test("an execution whose first attempt throws is retried in its own run; the rest of its batch executes once", async () => {
  const key = tenant.keys.sandbox;
  const faulty = (await pendingSettlement(key)).settlement.id as string;
  const healthy = (await pendingSettlement(key)).settlement.id as string;
  const undo = await failFirstCharge(faulty);
  try {
    const started = await Promise.all(
      [faulty, healthy].map((id) => call("POST", `/settlements/${id}/execute`, { key })),
    );
    expect(started.map((response) => response.status)).toEqual([202, 202]);
    for (const id of [faulty, healthy]) {
      const outcome = await settled(key, id);
      expect(outcome.status).toBe("executed");
      expect(await settlementRows(sandboxCharges, id)).toHaveLength(1);
      expect(await settlementRows(receipts, id)).toHaveLength(1);
      expect(await settlementEvents("settlement.executed", id)).toHaveLength(1);
    }
  } finally {
    await undo();
  }

  // The faulty one's batch completed, having handed it on; only it has a retry run.
  const [batch] = await runsOf("execute-settlement", faulty);
  expect(batch).toMatchObject({ status: "completed" });
  expect((batch!.output as { retried: number }).retried).toBe(1);
  expect(await runsOf("retry-settlement-execution", faulty)).toEqual([
    expect.objectContaining({ status: "completed" }),
  ]);
  expect(await runsOf("retry-settlement-execution", healthy)).toEqual([]);
});
