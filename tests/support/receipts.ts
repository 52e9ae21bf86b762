import { randomBytes, randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "@/db/client";
import type { TReceiptRow } from "@/db/schema";
import { buildSettlementEvidence } from "@/lib/attest";
import type { TTenant } from "@/lib/auth/tenant";
import type { TEnvironment } from "@/lib/environment";
import { newId } from "@/lib/ids";
import { issueReceipts } from "@/lib/receipts/issue-receipt";
import { sealEnvironment } from "@/lib/receipts/seal-receipts";

export const TEST_POLICY = "pol-standard@v1";
const POLICY_INPUTS = {
  allowedCurrencies: ["USD", "EUR", "GBP", "JPY"],
  perSettlementLimit: null,
  perDayLimit: null,
  payerVolume24h: 0,
};

/**
 * Issues a receipt the way a settlement's completion does: the evidence a settlement records
 * (negotiation_accepted, settlement_executed, payment_confirmed, built with the attest engine's
 * split computation and policy evaluation), then issueReceipts in one transaction.
 */
export async function issueTestReceipt({
  tenant,
  responders = 2,
  value = randomInt(1_000, 5_000_000),
  currency = "USD",
  equalSplit = false,
  completedAt = new Date(),
}: {
  tenant: TTenant;
  responders?: number;
  value?: number;
  currency?: string;
  equalSplit?: boolean;
  completedAt?: Date;
}): Promise<TReceiptRow> {
  const settlementId = newId("settlement");
  const negotiationId = newId("negotiation");
  const initiatorAgentId = newId("agent");
  const responderIds = Array.from({ length: responders }, () => newId("agent"));
  // Random shares that sum to the amount, each at least 1.
  const cuts = Array.from({ length: responders - 1 }, () => randomInt(1, value)).sort(
    (a, b) => a - b,
  );
  const bounds = [0, ...new Set(cuts), value];
  const splits = equalSplit
    ? null
    : responderIds.map((agentId, i) => ({
        agentId,
        amount: (bounds[i + 1] ?? value) - (bounds[i] ?? 0),
      }));
  if (splits?.some((split) => split.amount <= 0)) {
    return issueTestReceipt({ tenant, responders, value, currency, equalSplit, completedAt });
  }
  const externalRef = `sbx_${randomBytes(8).toString("hex")}`;
  const built = buildSettlementEvidence({
    negotiation: {
      negotiationId,
      round: randomInt(1, 4),
      initiatorAgentId,
      responders: responderIds,
      terms: { amount: { value, currency }, splits, description: "translation of a contract" },
      acceptedBy: responderIds,
    },
    settlement: {
      settlementId,
      adapter: "sandbox",
      policyVersion: TEST_POLICY,
      policyInputs: POLICY_INPUTS,
    },
    payment: { externalRef, railStatus: "succeeded", latencyMs: randomInt(5, 900) },
  });
  const [receipt] = await db.transaction((tx) =>
    issueReceipts(tx, [
      {
        // No negotiation stands behind these receipts, so no transcript: format 1.
        formatVersion: 1,
        tenant,
        settlementId,
        negotiationId,
        amount: built.amount,
        parties: built.parties,
        adapter: "sandbox",
        externalRef,
        policyVersion: TEST_POLICY,
        evidence: built.evidence,
        chain: [],
        completedAt,
      },
    ]),
  );
  return receipt!;
}

/** Seals every pending receipt and key entry of the environment (what the seal job does). */
export const sealAll = (environment: TEnvironment = "sandbox") => sealEnvironment({ environment });

/**
 * Every leaf index the environment's log has given, receipts' and agent key entries', sorted;
 * read in one statement so that a seal committing meanwhile shows whole or not at all.
 */
export async function loggedLeaves(environment: TEnvironment): Promise<number[]> {
  const rows = await db.execute<{ leaf: string }>(sql`
    select log_index as leaf from receipts
      where environment = ${environment} and log_index is not null
    union all select added_log_index from agent_keys
      where environment = ${environment} and added_log_index is not null
    union all select revoked_log_index from agent_keys
      where environment = ${environment} and revoked_log_index is not null`);
  return [...rows].map((row) => Number(row.leaf)).sort((a, b) => a - b);
}
