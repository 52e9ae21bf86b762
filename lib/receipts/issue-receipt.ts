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
import { emitEvents } from "@/lib/events/emit-event";
import { newId } from "@/lib/ids";
import { enqueueJobs } from "@/lib/jobs/enqueue-job";
import { chainRecords, type TChainLink, type TEvidenceInput } from "./append-evidence";
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
  /** The settlement's evidence chain before them (readEvidenceChains). */
  chain: TChainLink[];
  completedAt: Date;
};

/** A receipt computed for its completion: its rows to insert and what its event announces. */
function receiptOf(completion: TSettlementCompletion) {
  const { tenant, settlementId, completedAt } = completion;
  const appended = chainRecords({
    tenant,
    settlementId,
    chain: completion.chain,
    records: completion.evidence,
    at: completedAt,
  });
  const chain = [...completion.chain, ...appended.map(({ id, hash }) => ({ id, hash }))];
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
  const row = {
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
  } satisfies typeof receipts.$inferInsert;
  const created = {
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
  return { appended, row, created };
}

/**
 * Issues the receipts of executed settlements inside the caller's transaction (the one that
 * marks them executed): appends each one's evidence, computes its `attestHash` over the
 * canonical receipt body, stores it as `pending`, and enqueues its sealing into the Merkle log.
 * Everything is computed first; then each table takes one statement for all of them, sent
 * together (postgres.js pipelines them on the transaction's connection). In input order.
 */
export async function issueReceipts(
  tx: TExecutor,
  completions: TSettlementCompletion[],
): Promise<TReceiptRow[]> {
  const issued = completions.map(receiptOf);
  const appended = issued.flatMap((receipt) => receipt.appended);
  const [, inserted] = await Promise.all([
    appended.length > 0 ? tx.insert(evidenceRecords).values(appended) : undefined,
    tx
      .insert(receipts)
      .values(issued.map((receipt) => receipt.row))
      .returning()
      .then(async (rows) => {
        await listForParties(
          tx,
          rows.map((row) => row.id),
        );
        return rows;
      }),
    emitEvents(
      tx,
      issued.map((receipt) => receipt.created),
    ),
    enqueueJobs(
      tx,
      issued.map((receipt) => ({
        name: receiptSealRequested,
        data: { receiptId: receipt.row.id },
      })),
    ),
  ]);
  const byId = new Map(inserted.map((row) => [row.id, row]));
  return issued.map((receipt) => byId.get(receipt.row.id)!);
}

/**
 * The receipts' rows of receipt_parties: each one's own organization's, and one per other party
 * organization of its settlement (settlement_parties), so that each lists it.
 */
async function listForParties(tx: TExecutor, ids: string[]) {
  await tx.execute(sql`insert into ${receiptParties}
      (organization_id, environment, created_at, receipt_id)
    select organization_id, environment, created_at, id from ${receipts}
    where id in ${ids}
    union
    select party.organization_id, party.environment, receipt.created_at, receipt.id
    from ${receipts} receipt
    join ${settlementParties} party
      on party.settlement_id = receipt.settlement_id and party.environment = receipt.environment
    where receipt.id in ${ids}`);
}
