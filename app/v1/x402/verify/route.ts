import { handle, routeMethods } from "@/lib/pipeline/handle";
import { x402VerifyOperation } from "@/lib/x402/operations";
import { verifyPayment } from "@/lib/x402/verify-payment";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/x402/verify - verify an x402 payment without moving money
  POST: handle(x402VerifyOperation, ({ auth, body }) =>
    verifyPayment({ environment: auth.environment, request: body }),
  ),
});
