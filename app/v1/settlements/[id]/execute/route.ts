import { tenantOf } from "@/lib/auth/tenant";
import { preferredWaitSeconds } from "@/lib/http/prefer-wait";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { requireSettlementParty } from "@/lib/settlements/acting-party";
import { executeSettlementOperation } from "@/lib/settlements/operations";
import { requestExecution } from "@/lib/settlements/request-execution";
import { waitForOutcome } from "@/lib/settlements/wait-for-outcome";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/settlements/:id/execute - execute on the payment rail (202, continues in the
  // background; with Prefer: wait=N, 200 with the outcome when it comes within N seconds)
  POST: handle(executeSettlementOperation, async ({ auth, params, request }) => {
    await requireSettlementParty(auth, params.id, "payer");
    const tenant = tenantOf(auth);
    const executing = await requestExecution({ tenant, settlementId: params.id });
    const seconds = preferredWaitSeconds(request.headers.get("prefer"));
    if (!seconds) return executing;
    const outcome = await waitForOutcome({ tenant, settlementId: params.id, seconds });
    if (!outcome) return executing;
    return Response.json(outcome, { headers: { "Preference-Applied": `wait=${seconds}` } });
  }),
});
