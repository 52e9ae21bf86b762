import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { getReceiptOrThrow } from "@/lib/receipts/get-receipt";
import { getReceiptOperation } from "@/lib/receipts/operations";
import { presentReceipt } from "@/lib/receipts/present-receipt";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/receipts/:id - retrieve a receipt
  GET: handle(getReceiptOperation, async ({ auth, params }) =>
    presentReceipt(await getReceiptOrThrow({ tenant: tenantOf(auth), receiptId: params.id })),
  ),
});
