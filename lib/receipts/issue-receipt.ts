import type { Executor } from "@/db/client";
import { type ReceiptParty, type ReceiptRow, receipts } from "@/db/schema";
import { hashReceipt } from "@/lib/attest";
import type { Tenant } from "@/lib/auth/tenant";
import { emitEvent } from "@/lib/events/emit-event";
import { newId } from "@/lib/ids";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { appendEvidence, type TEvidenceInput } from "./append-evidence";

/** What an executed settlement hands to its receipt: the facts the receipt proves. */
export type TSettlementCompletion = {
  tenant: Tenant;
  settlementId: string;
  negotiationId: string;
  amount: { value: number; currency: string };
  parties: ReceiptParty[];
  adapter: string;
  externalRef: string;
  /** `pol-<name>@v<n>`: the immutable policy version the settlement was checked against. */
  policyVersion: string;
  /** Records to append to the settlement's evidence chain, in order (e.g. settlement_executed). */
  evidence: TEvidenceInput[];
  completedAt: Date;
};

export const receiptSealRequested = "receipt/seal.requested";

/**
 * Issues the receipt of an executed settlement inside the caller's transaction (the one that
 * marks the settlement executed): appends the evidence, computes `attestHash` over the canonical
 * receipt body, stores the receipt as `pending`, and enqueues its sealing into the Merkle log.
 */
export async function issueReceipt(
  tx: Executor,
  completion: TSettlementCompletion,
): Promise<ReceiptRow> {
  const { tenant, settlementId, completedAt } = completion;
  const chain = await appendEvidence(tx, {
    tenant,
    settlementId,
    records: completion.evidence,
    at: completedAt,
  });
  const head = chain.at(-1);
  if (!head) throw new Error(`settlement ${settlementId} has no evidence to issue a receipt on`);
  const id = newId("receipt");
  const evidenceChain = chain.map((record) => record.id);
  const { canonical, attestHash } = hashReceipt({
    id,
    settlementId,
    negotiationId: completion.negotiationId,
    amount: completion.amount,
    parties: completion.parties,
    adapter: completion.adapter,
    externalRef: completion.externalRef,
    policySnapshot: completion.policyVersion,
    evidenceChainHead: head.hash,
    evidenceChain,
    createdAt: completedAt.toISOString(),
  });
  const [receipt] = await tx
    .insert(receipts)
    .values({
      id,
      organizationId: tenant.organizationId,
      environment: tenant.environment,
      settlementId,
      negotiationId: completion.negotiationId,
      amountValue: completion.amount.value,
      currency: completion.amount.currency,
      parties: completion.parties,
      adapter: completion.adapter,
      externalRef: completion.externalRef,
      policySnapshot: completion.policyVersion,
      evidenceChain,
      evidenceChainHead: head.hash,
      canonical,
      attestHash,
      status: "pending",
      createdAt: completedAt,
    })
    .returning();
  await emitEvent(tx, {
    ...tenant,
    type: "receipt.created",
    object: {
      id,
      settlementId,
      negotiationId: completion.negotiationId,
      amount: completion.amount,
      attestHash,
      status: "pending",
      createdAt: completedAt.toISOString(),
    },
  });
  await enqueueJob(tx, { name: receiptSealRequested, data: { receiptId: id } });
  return receipt!;
}
