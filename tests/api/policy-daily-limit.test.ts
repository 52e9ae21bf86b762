import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { db } from "@/db/client";
import { evidenceRecords, settlements } from "@/db/schema";
import { formatMoney } from "@/lib/money/format-money";
import { checkSettlementPolicy } from "@/lib/policy/check-settlement-policy";
import { standardPolicy } from "@/lib/policy/standard-policy";
import { call } from "../support/api";
import { agentOf, pendingSettlement, settled } from "../support/deals";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

const { perSettlement, perDay } = standardPolicy.limits.USD!;

/** A pending settlement of the largest amount the policy allows, from `payer` to `payee`. */
const largestSettlement = async (payer: string, payee: string): Promise<string> =>
  (await pendingSettlement(tenant.keys.sandbox, { value: perSettlement, payer, payee })).settlement
    .id;

/** The policy inputs recorded in a settlement's `settlement_executed` evidence. */
async function recordedInputs(settlementId: string) {
  const [record] = await db
    .select({ payload: evidenceRecords.payload })
    .from(evidenceRecords)
    .where(
      and(
        eq(evidenceRecords.settlementId, settlementId),
        eq(evidenceRecords.type, "settlement_executed"),
      ),
    );
  return record?.payload.policyInputs;
}

test("the daily limit holds for one payer's concurrent settlements, and each decision can be made again", async () => {
  const key = tenant.keys.sandbox;
  const payer = await agentOf(key);
  const payee = await agentOf(key);
  const slots = perDay / perSettlement;
  const first = await largestSettlement(payer, payee);
  const rest = await Promise.all(
    Array.from({ length: slots }, () => largestSettlement(payer, payee)),
  );
  expect((await call("POST", `/settlements/${first}/execute`, { key })).status).toBe(202);
  expect((await settled(key, first)).status).toBe("executed");

  // The rest at once: together with the first they are one settlement over the limit.
  const started = await Promise.all(
    rest.map((id) => call("POST", `/settlements/${id}/execute`, { key })),
  );
  expect(started.map((answer) => answer.status)).toEqual(rest.map(() => 202));
  const outcomes = await Promise.all(rest.map((id) => settled(key, id)));
  const failed = outcomes.filter((outcome) => outcome.status === "failed");
  expect(outcomes.filter((outcome) => outcome.status === "executed")).toHaveLength(slots - 1);
  expect(failed).toHaveLength(1);
  expect(failed[0]).toMatchObject({ failureCode: "policy_daily_limit_exceeded" });
  expect(failed[0].failureMessage).toContain(
    `would pay ${formatMoney(perDay + perSettlement, "USD")}`,
  );

  // The one refused is the last to start; each decision counted the executions started before it.
  const rows = await db
    .select()
    .from(settlements)
    .where(inArray(settlements.id, [first, ...rest]));
  const byStart = rows.sort(
    (a, b) =>
      a.executionStartedAt!.getTime() - b.executionStartedAt!.getTime() || (a.id < b.id ? -1 : 1),
  );
  expect(byStart.at(-1)?.id).toBe(failed[0].id);

  // Made again after all of them ran (as a re-run after a crash would), every executed one's
  // decision has the inputs its evidence recorded: later executions do not count.
  for (const [position, row] of byStart.slice(0, -1).entries()) {
    const again = await checkSettlementPolicy(row);
    expect(again.violation).toBeNull();
    expect(again.inputs.payerVolume24h).toBe(position * perSettlement);
    expect(await recordedInputs(row.id)).toEqual(again.inputs);
  }
});

test("a decision made again reads the volume the first attempt recorded, whatever executed meanwhile", async () => {
  const key = tenant.keys.sandbox;
  const payer = await agentOf(key);
  const payee = await agentOf(key);
  const [settlementId, other] = await Promise.all([
    largestSettlement(payer, payee),
    largestSettlement(payer, payee),
  ]);
  expect((await call("POST", `/settlements/${settlementId}/execute`, { key })).status).toBe(202);
  expect((await settled(key, settlementId)).status).toBe("executed");
  const [row] = await db.select().from(settlements).where(eq(settlements.id, settlementId));
  expect(row?.policyPayerVolume).toBe(0);

  // Another settlement of the payer becomes visible as executed before it, as one whose execute
  // call committed late would: a fresh count would now include it.
  await db
    .update(settlements)
    .set({
      status: "executed",
      executionStartedAt: new Date(row!.executionStartedAt!.getTime() - 1000),
      executedAt: row!.executionStartedAt,
    })
    .where(eq(settlements.id, other));
  const again = await checkSettlementPolicy(row!);
  expect(again.inputs.payerVolume24h).toBe(0);
  expect(await recordedInputs(settlementId)).toEqual(again.inputs);
});
