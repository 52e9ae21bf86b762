import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { settlements } from "@/db/schema";
import { releaseMandateSpend } from "@/lib/mandates/release-mandate-spend";
import { appendEvidence } from "@/lib/receipts/append-evidence";
import { emitSettlementEvent } from "../emit-settlement-event";
import { loadSettlement } from "./load-settlement";
import { negotiationFacts } from "./negotiation-evidence";

/**
 * Records that a settlement failed (policy refused, rail declined, outcome unknown), with its
 * evidence, in one transaction that also releases what it reserved under its payer's mandate. A
 * settlement that is no longer `executing` is left alone.
 */
export async function failSettlement({
  settlementId,
  code,
  message,
  policyVersion,
}: {
  settlementId: string;
  code: string;
  message: string;
  policyVersion?: string;
}) {
  return db.transaction(async (tx) => {
    const row = await loadSettlement(settlementId, { executor: tx, forUpdate: true });
    if (row?.status !== "executing") return { status: row?.status ?? "missing", failed: false };
    const now = new Date();
    const [failed] = await tx
      .update(settlements)
      .set({
        status: "failed",
        failureCode: code,
        failureMessage: message,
        policyVersion: policyVersion ?? null,
        failedAt: now,
        updatedAt: now,
      })
      .where(eq(settlements.id, settlementId))
      .returning();
    await releaseMandateSpend(tx, { check: row.mandateCheck, now });
    await appendEvidence(tx, {
      tenant: { organizationId: row.organizationId, environment: row.environment },
      settlementId,
      at: now,
      records: [
        { type: "negotiation_accepted", payload: await negotiationFacts(tx, row.negotiationId) },
        {
          type: "settlement_failed",
          payload: {
            settlementId,
            failureCode: code,
            failureMessage: message,
            ...(policyVersion ? { policyVersion } : {}),
            failedAt: now.toISOString(),
          },
        },
      ],
    });
    await emitSettlementEvent(tx, { row: failed!, type: "settlement.failed" });
    return { status: "failed", failed: true };
  });
}
