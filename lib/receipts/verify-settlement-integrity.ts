import type { TTenant } from "@/lib/auth/tenant";
import { verifyStoredReceipt } from "./verify-stored-receipt";

/** POST /v1/attest/verify: a settlement's integrity (chain, hash, policy, inclusion, signature). */
export async function verifySettlementIntegrity({
  tenant,
  target,
}: {
  tenant: TTenant;
  target: { settlementId?: string; receiptId?: string };
}) {
  const result = await verifyStoredReceipt({ tenant, ...target, recomputeHash: true });
  const { receipt } = result;
  return {
    settlementId: receipt.settlementId,
    receiptId: receipt.id,
    status: result.status,
    attestHash: receipt.attestHash,
    checks: result.checks,
    evidence: result.evidence,
    leafIndex: receipt.logIndex,
    treeHead: result.treeHead,
    verifiedAt: result.verifiedAt.toISOString(),
  };
}
