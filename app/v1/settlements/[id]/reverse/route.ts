import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { requireSettlementParty } from "@/lib/settlements/acting-party";
import { reverseSettlementOperation } from "@/lib/settlements/operations";
import { reverseSettlement } from "@/lib/settlements/reverse-settlement";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/settlements/:id/reverse - move an executed settlement's money back
  POST: handle(reverseSettlementOperation, async ({ auth, params, body }) => {
    await requireSettlementParty(auth, params.id, "payer");
    return reverseSettlement({
      tenant: tenantOf(auth),
      settlementId: params.id,
      reason: body.reason,
    });
  }),
});
