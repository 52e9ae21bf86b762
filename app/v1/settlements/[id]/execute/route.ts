import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { requireSettlementParty } from "@/lib/settlements/acting-party";
import { executeSettlementOperation } from "@/lib/settlements/operations";
import { requestExecution } from "@/lib/settlements/request-execution";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/settlements/:id/execute - execute on the payment rail (202, continues in the background)
  POST: handle(executeSettlementOperation, async ({ auth, params }) => {
    await requireSettlementParty(auth, params.id, "payer");
    return requestExecution({ tenant: tenantOf(auth), settlementId: params.id });
  }),
});
