import { sql } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import {
  evidenceRecords,
  receiptParties,
  receipts,
  settlementParties,
  type TReceiptParty,
  type TReceiptRow,
} from "@/db/schema";
import { hashReceipt, type TReceiptFormatVersion } from "@/lib/attest";
import type { TTenant } from "@/lib/auth/tenant";
import { emitEvent } from "@/lib/events/emit-event";
import { newId } from "@/lib/ids";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import {
  chainRecords,
  readEvidenceChain,
  type TChainLink,
  type TEvidenceInput,
} from "./append-evidence";
import { receiptSealRequested } from "./jobs";

/** What an executed settlement hands to its receipt: the facts the receipt proves. */
export type TSettlementCompletion = {
  /** 2 when `evidence` opens with the negotiation transcript, 1 otherwise (see lib/attest/README.md). */
  formatVersion: TReceiptFormatVersion;
  tenant: TTenant;
  settlementId: string;
  negotiationId: string;
  amount: { value: number; currency: string };
  parties: TReceiptParty[];
  adapter: string;
  externalRef: string;
  /** `pol-<name>@v<n>`: the immutable policy version the settlement was checked against. */
  policyVersion: string;
  /** Records to append to the settlement's evidence chain, in order (e.g. settlement_executed). */
  evidence: TEvidenceInput[];
  /** The chain before them, when the caller has read it already (read here otherwise). */
  chain?: TChainLink[];
  completedAt: Date;
};

/**
 * Issues the receipt of an executed settlement inside the caller's transaction (the one that
 * marks the settlement executed): appends the evidence, computes `attestHash` over the canonical
 * receipt body, stores the receipt as `pending`, and enqueues its sealing into the Merkle log.
 * Everything is computed first, then the writes are sent together (postgres.js pipelines them on
 * the transaction's connection instead of waiting for each answer).
 */
export async function issueReceipt(
  tx: TExecutor,
  completion: TSettlementCompletion,
): Promise<TReceiptRow> {
  const { tenant, settlementId, completedAt } = completion;
  const before = completion.chain ?? (await readEvidenceChain(tx, settlementId));
  const appended = chainRecords({
    tenant,
    settlementId,
    chain: before,
    records: completion.evidence,
    at: completedAt,
  });
  const chain = [...before, ...appended.map(({ id, hash }) => ({ id, hash }))];
  const head = chain.at(-1);
  if (!head) throw new Error(`settlement ${settlementId} has no evidence to issue a receipt on`);
  const id = newId("receipt");
  const evidenceChain = chain.map((record) => record.id);
  const { canonical, attestHash } = hashReceipt({
    formatVersion: completion.formatVersion,
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
  const receiptCreated = {
    ...tenant,
    type: "receipt.created" as const,
    object: {
      id,
      settlementId,
      negotiationId: completion.negotiationId,
      amount: completion.amount,
      attestHash,
      status: "pending",
      createdAt: completedAt.toISOString(),
    },
  };
  const [, [receipt]] = await Promise.all([
    appended.length > 0 ? tx.insert(evidenceRecords).values(appended) : undefined,
    tx
      .insert(receipts)
      .values({
        id,
        formatVersion: completion.formatVersion,
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
      .returning()
      .then(async (rows) => {
        await listForParties(tx, { id, settlementId, tenant, createdAt: completedAt });
        return rows;
      }),
    emitEvent(tx, receiptCreated),
    enqueueJob(tx, { name: receiptSealRequested, data: { receiptId: id } }),
  ]);
  return receipt!;
}

/**
 * The receipt's rows of receipt_parties: its own organization's, and one per other party
 * organization of its settlement (settlement_parties), so that each lists it.
 */
async function listForParties(
  tx: TExecutor,
  receipt: { id: string; settlementId: string; tenant: TTenant; createdAt: Date },
) {
  const { organizationId, environment } = receipt.tenant;
  const createdAt = sql`${receipt.createdAt.toISOString()}::timestamptz`;
  await tx.execute(sql`insert into ${receiptParties}
      (organization_id, environment, created_at, receipt_id)
    select ${organizationId}, ${environment}::environment, ${createdAt}, ${receipt.id}
    union
    select organization_id, environment, ${createdAt}, ${receipt.id} from ${settlementParties}
    where settlement_id = ${receipt.settlementId} and environment = ${environment}::environment`);
}
