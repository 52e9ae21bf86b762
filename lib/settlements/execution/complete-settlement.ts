import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { settlements, type TSettlementRow } from "@/db/schema";
import { buildSettlementEvidence } from "@/lib/attest/settlement-evidence";
import { log } from "@/lib/observability/logger";
import type { TPolicyResult } from "@/lib/policy/check-settlement-policy";
import { readEvidenceChains } from "@/lib/receipts/append-evidence";
import { issueReceipts, type TSettlementCompletion } from "@/lib/receipts/issue-receipt";
import { emitSettlementEvents } from "../emit-settlement-event";
import { negotiationFactsOf } from "./negotiation-evidence";
import { negotiationTranscripts } from "./negotiation-transcript";

/** A payment the rail confirmed, with the policy decision it was made under. */
export type TPaidSettlement = {
  settlementId: string;
  externalRef: string;
  policy: Pick<TPolicyResult, "policyVersion" | "checks" | "inputs">;
};

export type TCompletion =
  | { status: string; completed: false }
  | { status: "executed"; completed: true; receiptId: string; attestHash: string };

/** Completes one paid settlement in its own transaction (completeTogether). */
export async function completeSettlement(paid: TPaidSettlement): Promise<TCompletion> {
  const [completion] = await completeTogether([paid]);
  return completion!;
}

/**
 * Completes a batch's paid settlements in one transaction, each table written by one statement
 * for all of them. If that transaction fails, each is completed in its own, so that one
 * settlement's fault fails only that one. In input order.
 */
export async function completeSettlements(
  batch: TPaidSettlement[],
): Promise<PromiseSettledResult<TCompletion>[]> {
  if (batch.length > 1) {
    try {
      const completions = await completeTogether(batch);
      return completions.map((value) => ({ status: "fulfilled", value }));
    } catch (error) {
      log.warn(
        { settlements: batch.length, error: String(error) },
        "completing a batch together failed; completing each alone",
      );
    }
  }
  return Promise.allSettled(batch.map(completeSettlement));
}

/** `case settlements.id when … then … end`: a value of each settlement of the batch. */
const byId = (batch: TPaidSettlement[], value: (paid: TPaidSettlement) => string): SQL =>
  sql`(case ${settlements.id} ${sql.join(
    batch.map((paid) => sql`when ${paid.settlementId} then ${value(paid)}`),
    sql` `,
  )} end)`;

/**
 * Records payments the rail confirmed, in one transaction: each settlement becomes `executed`
 * with the rail's reference and the policy version, its evidence is chained and its receipt
 * issued. A settlement that is no longer `executing` (a repeat after a crash) is left alone.
 * The reads, and then the writes, go out together (pipelined on the connection).
 */
function completeTogether(batch: TPaidSettlement[]): Promise<TCompletion[]> {
  return db.transaction(async (tx): Promise<TCompletion[]> => {
    const now = new Date();
    const ids = batch.map((paid) => paid.settlementId);
    const rows = await tx
      .update(settlements)
      .set({
        status: "executed",
        externalRef: byId(batch, (paid) => paid.externalRef),
        policyVersion: byId(batch, (paid) => paid.policy.policyVersion),
        executedAt: now,
        updatedAt: now,
      })
      .where(and(inArray(settlements.id, ids), eq(settlements.status, "executing")))
      .returning();
    const executed = new Set(rows.map((row) => row.id));
    const others = ids.filter((id) => !executed.has(id));
    const [completions, current] = await Promise.all([
      rows.length > 0 ? completionsOf(tx, rows, batch, now) : [],
      others.length > 0
        ? tx
            .select({ id: settlements.id, status: settlements.status })
            .from(settlements)
            .where(inArray(settlements.id, others))
        : [],
    ]);
    const receipts = completions.length > 0 ? await issueReceipts(tx, completions) : [];
    const receiptOf = new Map(receipts.map((receipt) => [receipt.settlementId, receipt]));
    await emitSettlementEvents(
      tx,
      "settlement.executed",
      rows.map((row) => {
        const { id, attestHash } = receiptOf.get(row.id)!;
        return { row, receipt: { id, attestHash } };
      }),
    );
    const statusOf = new Map(current.map((row) => [row.id, row.status]));
    return ids.map((id): TCompletion => {
      const receipt = receiptOf.get(id);
      if (!receipt) return { status: statusOf.get(id) ?? "missing", completed: false };
      const { id: receiptId, attestHash } = receipt;
      return { status: "executed", completed: true, receiptId, attestHash };
    });
  });
}

/** What each executed settlement's receipt proves, from its negotiation and the payment. */
async function completionsOf(
  tx: TExecutor,
  rows: TSettlementRow[],
  batch: TPaidSettlement[],
  now: Date,
): Promise<TSettlementCompletion[]> {
  const negotiationIds = rows.map((row) => row.negotiationId);
  const [facts, transcripts, chains] = await Promise.all([
    negotiationFactsOf(tx, negotiationIds),
    negotiationTranscripts(tx, negotiationIds),
    readEvidenceChains(
      tx,
      rows.map((row) => row.id),
    ),
  ]);
  const paidOf = new Map(batch.map((paid) => [paid.settlementId, paid]));
  return rows.map((row) => {
    const { externalRef, policy } = paidOf.get(row.id)!;
    const settlementId = row.id;
    const amount = { value: row.amountValue, currency: row.currency };
    const transcript = transcripts.get(row.negotiationId)!;
    // Recorded so that replay re-runs the split and the policy decision from the evidence alone.
    const { evidence } = buildSettlementEvidence({
      negotiation: facts.get(row.negotiationId)!,
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
    return {
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
      chain: chains.get(settlementId)!,
    };
  });
}
