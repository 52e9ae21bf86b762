import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/db/client";
import { jobRuns, ledgerTransfers } from "@/db/schema";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { call, eventually } from "../support/api";
import { pendingSettlement, settled } from "../support/deals";
import { expectError } from "../support/expect-error";
import { injectWriteFailure } from "../support/injected-failure";
import { APP_ID } from "../support/jobs";
import { settlementEvents } from "../support/settlement-records";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

/** Makes every write that marks this settlement reversed fail, until the returned undo runs. */
const failReversalWrites = (settlementId: string) =>
  injectWriteFailure({
    name: `test_fail_${settlementId.replace(/\W/g, "_").toLowerCase()}`,
    table: "settlements",
    on: "update",
    when: `new.id = '${settlementId}' and new.status = 'reversed'`,
  });

/** A settlement on the ledger rail, executed, its payer funded for it. */
async function executedOnLedger(key: string, value: number) {
  const deal = await pendingSettlement(key, { value, adapter: "ledger" });
  await fundWallet({ environment: "sandbox", agentId: deal.payer, amount: value, currency: "USD" });
  await call("POST", `/settlements/${deal.settlement.id}/execute`, { key });
  expect((await settled(key, deal.settlement.id)).status).toBe("executed");
  return deal.settlement.id as string;
}

const transferKinds = async (settlementId: string) =>
  (
    await db
      .select({ kind: ledgerTransfers.kind })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, settlementId))
  )
    .map((transfer) => transfer.kind)
    .sort();

/** Waits until the settlement reads reversed, then checks the money moved back and one event. */
async function expectReversedOnce(key: string, settlementId: string) {
  const reversed = await eventually(async () => {
    const latest = await call("GET", `/settlements/${settlementId}`, { key });
    expect(latest.body.status).toBe("reversed");
    return latest.body;
  }, 20_000);
  expect(reversed.reason).toBe("refund");
  expect(await transferKinds(settlementId)).toEqual(["execute", "reverse"]);
  expect(await settlementEvents("settlement.reversed", settlementId)).toHaveLength(1);
}

test("a reversal whose record fails after the rail moved the money back is completed by the job, once", async () => {
  const key = tenant.keys.sandbox;
  const settlementId = await executedOnLedger(key, 1200);

  const undo = await failReversalWrites(settlementId);
  const failed = await call("POST", `/settlements/${settlementId}/reverse`, {
    key,
    body: { reason: "refund" },
  });
  expectError(failed, 500, "internal_error");
  // The rail moved the money back; the settlement does not say so yet, and nothing may change it.
  expect(await transferKinds(settlementId)).toEqual(["execute", "reverse"]);
  const current = await call("GET", `/settlements/${settlementId}`, { key });
  expect(current.body.status).toBe("executed");
  const dispute = await call("POST", `/settlements/${settlementId}/dispute`, {
    key,
    body: { reason: "meanwhile" },
  });
  expectError(dispute, 409, "conflict");
  await undo();

  await expectReversedOnce(key, settlementId);
});

test("a reversal whose job runs out of retries is asked about again until it is recorded", async () => {
  const key = tenant.keys.sandbox;
  const settlementId = await executedOnLedger(key, 800);

  const undo = await failReversalWrites(settlementId);
  try {
    const failed = await call("POST", `/settlements/${settlementId}/reverse`, {
      key,
      body: { reason: "refund" },
    });
    expectError(failed, 500, "internal_error");
    // The job's first run fails on every retry while the fault lasts.
    await eventually(async () => {
      const [run] = await db
        .select({ id: jobRuns.id })
        .from(jobRuns)
        .where(
          and(
            eq(jobRuns.functionId, `${APP_ID}-complete-reversal`),
            eq(jobRuns.status, "failed"),
            sql`${jobRuns.event}->'data'->>'settlementId' = ${settlementId}`,
          ),
        )
        .limit(1);
      expect(run).toBeDefined();
    }, 30_000);
  } finally {
    await undo();
  }

  await expectReversedOnce(key, settlementId);
});
