import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { attestReplayOperation } from "@/lib/receipts/attest-operations";
import { replayReceipt } from "@/lib/receipts/replay-receipt";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/attest/replay - replay a settlement through the engine
  POST: handle(attestReplayOperation, ({ auth, body }) =>
    replayReceipt({ tenant: tenantOf(auth), target: body }),
  ),
});
