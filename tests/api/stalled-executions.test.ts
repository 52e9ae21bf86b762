import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/db/client";
import { receipts, sandboxCharges, settlements } from "@/db/schema";
import { pay } from "@/lib/settlements/execution/pay";
import { resolveAbandonedExecution } from "@/lib/settlements/execution/resolve-abandoned-execution";
import {
  resolveStalledExecutions,
  stalledAfterMs,
} from "@/lib/settlements/execution/resolve-stalled-executions";
import { call } from "../support/api";
import { pendingSettlement } from "../support/deals";
import { settlementEvents, settlementRows } from "../support/settlement-records";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

/**
 * A pending settlement left `executing` with no job to finish it, its execution started `ageMs`
 * ago: the state every run's retries leave behind when they ran out (e.g. in a database outage).
 */
async function abandonedExecution(ageMs: number) {
  const id = (await pendingSettlement(tenant.keys.sandbox)).settlement.id as string;
  await db
    .update(settlements)
    .set({ status: "executing", executionStartedAt: new Date(Date.now() - ageMs) })
    .where(eq(settlements.id, id));
  return id;
}

test("the rail decides executions no run finished: paid ones complete, unpaid ones fail; recent ones wait", async () => {
  const key = tenant.keys.sandbox;
  const unpaid = await abandonedExecution(stalledAfterMs + 60_000);
  const paid = await abandonedExecution(stalledAfterMs + 60_000);
  const recent = await abandonedExecution(stalledAfterMs - 60_000);
  // The rail took the payment; the run that called it stopped before completing the settlement.
  const payment = await pay(paid);
  expect(payment).toMatchObject({ status: "called", outcome: { status: "succeeded" } });

  // The server's own sweep (EXECUTION_SWEEP_CRON) may resolve them first; the outcome is the same.
  await resolveStalledExecutions();

  const unpaidNow = (await call("GET", `/settlements/${unpaid}`, { key })).body;
  expect(unpaidNow).toMatchObject({
    status: "failed",
    failureCode: "execution_failed",
    failureMessage: "Execution gave up: no run finished it",
  });
  expect(await settlementEvents("settlement.failed", unpaid)).toHaveLength(1);
  // The rail voided the payment it never received, so no late call of the lost run can pay.
  expect(await settlementRows(sandboxCharges, unpaid)).toEqual([
    expect.objectContaining({ status: "declined", attempts: 0 }),
  ]);
  expect(await settlementRows(receipts, unpaid)).toEqual([]);

  const paidNow = (await call("GET", `/settlements/${paid}`, { key })).body;
  expect(paidNow.status).toBe("executed");
  const charges = await settlementRows(sandboxCharges, paid);
  expect(charges).toHaveLength(1);
  expect(paidNow.externalRef).toBe(charges[0]!.externalRef);
  expect(await settlementRows(receipts, paid)).toHaveLength(1);
  expect(await settlementEvents("settlement.executed", paid)).toHaveLength(1);

  expect((await call("GET", `/settlements/${recent}`, { key })).body.status).toBe("executing");
  expect(await settlementRows(sandboxCharges, recent)).toEqual([]);

  // A second sweep changes nothing it already resolved.
  await resolveStalledExecutions();
  expect(await settlementEvents("settlement.failed", unpaid)).toHaveLength(1);
  expect(await settlementEvents("settlement.executed", paid)).toHaveLength(1);
  expect(await settlementRows(receipts, paid)).toHaveLength(1);

  // Nothing of this test stays executing.
  await resolveAbandonedExecution(recent, "test over");
  expect((await call("GET", `/settlements/${recent}`, { key })).body.status).toBe("failed");
});
