import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { requireReceiptParty } from "@/lib/receipts/acting-party";
import { verifyReceiptOperation } from "@/lib/receipts/operations";
import { verifyReceipt } from "@/lib/receipts/verify-receipt";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/receipts/:id/verify - re-verify a receipt against the attest engine
  POST: handle(verifyReceiptOperation, async ({ auth, params, body }) => {
    await requireReceiptParty(auth, params.id);
    return verifyReceipt({ tenant: tenantOf(auth), receiptId: params.id, ...body });
  }),
});
