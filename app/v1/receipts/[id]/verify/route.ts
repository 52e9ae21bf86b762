import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { verifyReceiptOperation } from "@/lib/receipts/operations";
import { verifyReceipt } from "@/lib/receipts/verify-receipt";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/receipts/:id/verify - re-verify a receipt against the attest engine
  POST: handle(verifyReceiptOperation, ({ auth, params, body }) =>
    verifyReceipt({ tenant: tenantOf(auth), receiptId: params.id, ...body }),
  ),
});
