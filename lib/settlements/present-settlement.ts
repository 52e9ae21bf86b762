import type { TSettlementRow } from "@/db/schema";
import type { TSettlement } from "./schemas";

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentSettlement(row: TSettlementRow): TSettlement {
  return {
    id: row.id,
    negotiationId: row.negotiationId,
    status: row.status,
    adapter: row.adapter,
    amount: { value: row.amountValue, currency: row.currency },
    parties: row.parties,
    externalRef: row.externalRef,
    policyVersion: row.policyVersion,
    failureCode: row.failureCode,
    failureMessage: row.failureMessage,
    reason: row.reason,
    metadata: row.metadata,
    executionStartedAt: iso(row.executionStartedAt),
    executedAt: iso(row.executedAt),
    failedAt: iso(row.failedAt),
    reversedAt: iso(row.reversedAt),
    disputedAt: iso(row.disputedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
