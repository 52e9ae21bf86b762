import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/db/client";
import { evidenceRecords, receipts, sandboxCharges, settlements } from "@/db/schema";
import { sandboxSlowMs, sandboxTriggers } from "@/lib/rails/sandbox-triggers";
import { executeFirstAttempts } from "@/lib/settlements/execution/execute-first-attempts";
import { call, eventually } from "../support/api";
import { pendingSettlement, settled } from "../support/deals";
import { injectWriteFailure } from "../support/injected-failure";
import { sealAll } from "../support/receipts";
import { settlementEvents, settlementRows } from "../support/settlement-records";
import { seedTenant, type TTestTenant } from "../support/tenant";

/*
 * A batch run's first attempts: the settlements the rail paid complete together, in one
 * transaction whose statements each write every settlement's rows (executeFirstAttempts,
 * completeSettlements). The settlements here are set `executing` directly, with no job, so that
 * the test's own call is the one batch that executes them.
 */

let payerOrg: TTestTenant;
let payeeOrg: TTestTenant;
beforeAll(async () => {
  [payerOrg, payeeOrg] = await Promise.all([seedTenant(), seedTenant()]);
});
afterAll(() => Promise.all([payerOrg.remove(), payeeOrg.remove()]));

const receiptsOf = (settlementId: string) =>
  db.select().from(receipts).where(eq(receipts.settlementId, settlementId));

async function markExecuting(id: string) {
  await db
    .update(settlements)
    .set({ status: "executing", executionStartedAt: new Date() })
    .where(eq(settlements.id, id));
  return id;
}

/** A pending settlement between two agents of the payer's organization, set executing. */
const sameOrganization = async (value: number) =>
  markExecuting((await pendingSettlement(payerOrg.keys.sandbox, { value })).settlement.id);

/** A pending settlement whose payee belongs to the payee's organization, set executing. */
const acrossOrganizations = async (value: number) =>
  markExecuting(
    (await pendingSettlement(payerOrg.keys.sandbox, { value, payeeKey: payeeOrg.keys.sandbox }))
      .settlement.id,
  );

test("a batch's paid settlements complete in one transaction, each with its own receipt, evidence and events", async () => {
  const key = payerOrg.keys.sandbox;
  const ids = [
    await sameOrganization(1_101),
    await acrossOrganizations(2_202),
    await sameOrganization(3_303),
    await acrossOrganizations(4_404),
  ];
  const crossing = [ids[1]!, ids[3]!];

  expect(await executeFirstAttempts(ids)).toEqual({ executions: 4, retried: 0 });

  const rows = await db.select().from(settlements).where(inArray(settlements.id, ids));
  expect(rows.map((row) => row.status)).toEqual(["executed", "executed", "executed", "executed"]);
  // One transaction: one completion time for the whole batch.
  expect(new Set(rows.map((row) => row.executedAt?.toISOString())).size).toBe(1);
  for (const row of rows) {
    const [charge] = await settlementRows(sandboxCharges, row.id);
    expect(row.externalRef).toBe(charge?.externalRef);
    expect(row.policyVersion).toBe("pol-standard@v1");
    const [receipt, ...others] = await receiptsOf(row.id);
    expect(others).toEqual([]);
    expect(receipt).toMatchObject({
      amountValue: row.amountValue,
      externalRef: row.externalRef,
      negotiationId: row.negotiationId,
      organizationId: payerOrg.organizationId,
    });
    // Its own chain: the negotiation's transcript, then what the settlement did.
    const chain = await db
      .select({ id: evidenceRecords.id, type: evidenceRecords.type })
      .from(evidenceRecords)
      .where(eq(evidenceRecords.settlementId, row.id))
      .orderBy(asc(evidenceRecords.position));
    expect(receipt!.evidenceChain).toEqual(chain.map((record) => record.id));
    expect(chain.map((record) => record.type)).toEqual([
      "negotiation_step",
      "negotiation_step",
      "negotiation_accepted",
      "settlement_executed",
      "payment_confirmed",
    ]);
    const partyOrganizations = crossing.includes(row.id) ? 2 : 1;
    expect(await settlementEvents("settlement.executed", row.id)).toHaveLength(partyOrganizations);
  }

  // Each receipt proves its own settlement: sealed, it verifies and its hash recomputes.
  await sealAll();
  for (const id of ids) {
    const [receipt] = await receiptsOf(id);
    const verified = await call("POST", `/receipts/${receipt!.id}/verify`, { key, body: {} });
    expect(verified.body).toMatchObject({
      receiptId: receipt!.id,
      status: "valid",
      hashMatch: true,
    });
  }
  // The payee's organization lists the receipts of its deals, and no other.
  for (const id of ids) {
    const listed = await call("GET", `/receipts?settlementId=${id}`, {
      key: payeeOrg.keys.sandbox,
    });
    expect(listed.body.data).toHaveLength(crossing.includes(id) ? 1 : 0);
  }

  // The batch repeated (a crash after its commit) finds nothing left to do: no second call to
  // the rail, no second receipt.
  expect(await executeFirstAttempts(ids)).toEqual({ executions: 4, retried: 0 });
  for (const id of ids) {
    expect(await receiptsOf(id)).toHaveLength(1);
    expect(await settlementRows(sandboxCharges, id)).toEqual([
      expect.objectContaining({ attempts: 1 }),
    ]);
  }
});

test("a fault in one settlement's completion fails only that one: the rest complete, it retries in its own run", async () => {
  const key = payerOrg.keys.sandbox;
  const faulty = await sameOrganization(5_505);
  const healthy = [await sameOrganization(6_606), await acrossOrganizations(7_707)];
  const undo = await injectWriteFailure({
    name: `test_fail_receipt_${faulty.replace(/\W/g, "_").toLowerCase()}`,
    table: "receipts",
    on: "insert",
    when: `new.settlement_id = '${faulty}'`,
  });
  try {
    expect(await executeFirstAttempts([faulty, ...healthy])).toEqual({
      executions: 3,
      retried: 1,
    });
    for (const id of healthy) {
      expect((await call("GET", `/settlements/${id}`, { key })).body.status).toBe("executed");
      expect(await receiptsOf(id)).toHaveLength(1);
    }
    expect(await receiptsOf(faulty)).toEqual([]);
  } finally {
    await undo();
  }
  // Its retry run (the server's runner) completes it once the fault is gone.
  expect((await settled(key, faulty)).status).toBe("executed");
  await eventually(async () => {
    expect(await receiptsOf(faulty)).toHaveLength(1);
    expect(await settlementRows(sandboxCharges, faulty)).toHaveLength(1);
    expect(await settlementEvents("settlement.executed", faulty)).toHaveLength(1);
  });
});

test("a slow rail call does not hold its batch: the rest complete together at once, it completes alone when answered", async () => {
  const slow = await sameOrganization(sandboxTriggers.slow);
  const fast = [await sameOrganization(8_808), await sameOrganization(9_909)];
  const started = Date.now();
  expect(await executeFirstAttempts([slow, ...fast])).toEqual({ executions: 3, retried: 0 });

  const rows = await db
    .select()
    .from(settlements)
    .where(inArray(settlements.id, [slow, ...fast]));
  expect(rows.map((row) => row.status)).toEqual(["executed", "executed", "executed"]);
  const executedAt = new Map(rows.map((row) => [row.id, row.executedAt!.getTime()]));
  expect(executedAt.get(fast[0]!)).toBe(executedAt.get(fast[1]!));
  expect(executedAt.get(fast[0]!)! - started).toBeLessThan(sandboxSlowMs());
  expect(executedAt.get(slow)! - started).toBeGreaterThanOrEqual(sandboxSlowMs());
  for (const id of [slow, ...fast]) expect(await receiptsOf(id)).toHaveLength(1);
});
