import { tenantOf } from "@/lib/auth/tenant";
import { handle, routeMethods } from "@/lib/pipeline/handle";
import { attestVerifyOperation } from "@/lib/receipts/attest-operations";
import { verifySettlementIntegrity } from "@/lib/receipts/verify-settlement-integrity";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/attest/verify - verify settlement integrity
  POST: handle(attestVerifyOperation, ({ auth, body }) =>
    verifySettlementIntegrity({ tenant: tenantOf(auth), target: body }),
  ),
});
