import type { Tenant } from "@/lib/auth/tenant";
import { verifyStoredReceipt } from "./verify-stored-receipt";

/** POST /v1/attest/verify: a settlement's integrity (chain, hash, policy, inclusion, signature). */
export async function verifySettlementIntegrity({
  tenant,
  target,
}: {
  tenant: Tenant;
  target: { settlementId?: string; receiptId?: string };
}) {
  const result = await verifyStoredReceipt({ tenant, ...target, recomputeHash: true });
  const { row, bundle } = result.attestation;
  return {
    settlementId: row.settlementId,
    receiptId: row.id,
    status: result.status,
    attestHash: row.attestHash,
    checks: result.checks,
    evidence: result.evidence,
    leafIndex: row.logIndex,
    treeHead: bundle?.attest.treeHead ?? null,
    verifiedAt: result.verifiedAt.toISOString(),
  };
}
