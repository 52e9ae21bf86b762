import type { TTenant } from "@/lib/auth/tenant";
import type { TReceiptVerification } from "./schemas";
import { verifyStoredReceipt } from "./verify-stored-receipt";

/** POST /v1/receipts/:id/verify: the receipt verification result, with the named checks. */
export async function verifyReceipt({
  tenant,
  receiptId,
  includeEvidence,
  recomputeHash,
}: {
  tenant: TTenant;
  receiptId: string;
  includeEvidence: boolean;
  recomputeHash: boolean;
}): Promise<TReceiptVerification> {
  const result = await verifyStoredReceipt({ tenant, receiptId, recomputeHash });
  const passed = (name: string) => result.checks.some((c) => c.name === name && c.ok);
  return {
    receiptId: result.receipt.id,
    status: result.status,
    attestHash: result.receipt.attestHash,
    hashMatch: recomputeHash ? passed("attest_hash") : passed("inclusion"),
    policyCompliant: passed("policy"),
    ...(includeEvidence ? { evidence: result.evidence } : {}),
    verifiedAt: result.verifiedAt.toISOString(),
    checks: result.checks,
  };
}
