import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { requireReceiptParty } from "@/lib/receipts/acting-party";
import { getReceiptBundle } from "@/lib/receipts/get-receipt-bundle";
import { getReceiptBundleOperation } from "@/lib/receipts/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/receipts/:id/bundle - export a receipt for offline verification
  GET: handle(getReceiptBundleOperation, async ({ auth, params }) => {
    await requireReceiptParty(auth, params.id);
    return getReceiptBundle({ tenant: tenantOf(auth), receiptId: params.id });
  }),
});
