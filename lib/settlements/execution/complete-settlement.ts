import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { settlements } from "@/db/schema";
import { buildSettlementEvidence } from "@/lib/attest/settlement-evidence";
import type { TPolicyResult } from "@/lib/policy/check-settlement-policy";
import { readEvidenceChain } from "@/lib/receipts/append-evidence";
import { issueReceipt } from "@/lib/receipts/issue-receipt";
import { emitSettlementEvent } from "../emit-settlement-event";
import { loadSettlement } from "./load-settlement";
import { negotiationFacts } from "./negotiation-evidence";
import { negotiationTranscript } from "./negotiation-transcript";

export type TCompletion =
  | { status: string; completed: false }
  | { status: "executed"; completed: true; receiptId: string; attestHash: string };

/**
 * Records a payment the rail confirmed, in one transaction: the settlement becomes `executed`
 * with the rail's reference and the policy version, the evidence is chained and the receipt
 * issued. A settlement that is no longer `executing` (a repeat after a crash) is left alone.
 * Independent reads, and then the writes, go out together (pipelined on the connection).
 */
export async function completeSettlement({
  settlementId,
  externalRef,
  policy,
}: {
  settlementId: string;
  externalRef: string;
  policy: Pick<TPolicyResult, "policyVersion" | "checks" | "inputs">;
}): Promise<TCompletion> {
  return db.transaction(async (tx): Promise<TCompletion> => {
    const now = new Date();
    const [row] = await tx
      .update(settlements)
      .set({
        status: "executed",
        externalRef,
        policyVersion: policy.policyVersion,
        executedAt: now,
        updatedAt: now,
      })
      .where(and(eq(settlements.id, settlementId), eq(settlements.status, "executing")))
      .returning();
    if (!row) {
      const current = await loadSettlement(settlementId, { executor: tx });
      return { status: current?.status ?? "missing", completed: false };
    }
    const amount = { value: row.amountValue, currency: row.currency };
    const [negotiation, transcript, chain] = await Promise.all([
      negotiationFacts(tx, row.negotiationId),
      negotiationTranscript(tx, row.negotiationId),
      readEvidenceChain(tx, settlementId),
    ]);
    // Recorded so that replay re-runs the split and the policy decision from the evidence alone.
    const { evidence } = buildSettlementEvidence({
      negotiation,
      settlement: {
        settlementId,
        adapter: row.adapter,
        policyVersion: policy.policyVersion,
        policyInputs: policy.inputs,
        policyChecks: policy.checks,
        amount,
        executionStartedAt: row.executionStartedAt?.toISOString() ?? null,
        executedAt: now.toISOString(),
      },
      payment: { settlementId, adapter: row.adapter, externalRef, railStatus: "succeeded", amount },
      mandate: row.mandateCheck,
    });
    const receipt = await issueReceipt(tx, {
      formatVersion: transcript.formatVersion,
      tenant: { organizationId: row.organizationId, environment: row.environment },
      settlementId,
      negotiationId: row.negotiationId,
      amount,
      parties: row.parties,
      adapter: row.adapter,
      externalRef,
      policyVersion: policy.policyVersion,
      completedAt: now,
      // Who agreed to what comes first, then what the settlement did with it.
      evidence: [...transcript.records, ...evidence],
      chain,
    });
    await emitSettlementEvent(tx, {
      row,
      type: "settlement.executed",
      receipt: { id: receipt.id, attestHash: receipt.attestHash },
    });
    return {
      status: "executed",
      completed: true,
      receiptId: receipt.id,
      attestHash: receipt.attestHash,
    };
  });
}
