import { handle, routeMethods } from "@/lib/pipeline/handle";
import { x402SettleOperation } from "@/lib/x402/operations";
import { settlePayment } from "@/lib/x402/settle-payment";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // POST /v1/x402/settle - settle an x402 payment on the ledger, once
  POST: handle(x402SettleOperation, ({ auth, body }) => settlePayment({ auth, request: body })),
});
