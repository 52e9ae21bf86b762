import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { requireSettlementParty } from "@/lib/settlements/acting-party";
import { disputeSettlement } from "@/lib/settlements/dispute-settlement";
import { disputeSettlementOperation } from "@/lib/settlements/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/settlements/:id/dispute - dispute an executed settlement
  POST: handle(disputeSettlementOperation, async ({ auth, params, body }) => {
    await requireSettlementParty(auth, params.id, "party");
    return disputeSettlement({
      tenant: tenantOf(auth),
      settlementId: params.id,
      reason: body.reason,
    });
  }),
});
