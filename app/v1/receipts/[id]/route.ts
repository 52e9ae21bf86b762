import { tenantOf } from "@/lib/auth/tenant";
import { requireActingAgentAmong } from "@/lib/http/authorize";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { getReceiptOrThrow } from "@/lib/receipts/get-receipt";
import { getReceiptOperation } from "@/lib/receipts/operations";
import { presentReceipt } from "@/lib/receipts/present-receipt";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/receipts/:id - retrieve a receipt
  GET: handle(getReceiptOperation, async ({ auth, params }) => {
    const row = await getReceiptOrThrow({ tenant: tenantOf(auth), receiptId: params.id });
    const parties = row.parties.map((party) => party.agentId);
    requireActingAgentAmong(auth, parties, "a party to this receipt");
    return presentReceipt(row);
  }),
});
