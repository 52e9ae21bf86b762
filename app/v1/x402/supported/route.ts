import { handle, routeMethods } from "@/lib/pipeline/handle";
import { x402SupportedOperation } from "@/lib/x402/operations";
import { supportedKinds } from "@/lib/x402/supported-kinds";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  // GET /v1/x402/supported - the x402 payment kinds this facilitator settles
  GET: handle(x402SupportedOperation, async ({ auth }) => supportedKinds(auth.environment)),
});
