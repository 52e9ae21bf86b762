import { defineOperation } from "@/lib/http/operation";
import {
  ZX402PaymentRequest,
  ZX402SettleResponse,
  ZX402Supported,
  ZX402VerifyResponse,
} from "./schemas";

const tag = "x402";

export const x402SupportedOperation = defineOperation({
  operationId: "x402Supported",
  method: "get",
  path: "/x402/supported",
  summary: "x402 facilitator: the payment kinds it settles",
  description:
    "The x402 v2 facilitator's `supported` answer, as `@x402/core`'s `HTTPFacilitatorClient` reads it: the scheme `exact` on the network `agent-settlement:sandbox` (or `agent-settlement:production`). See docs/x402.md.",
  tag,
  scope: "settlement.read",
  response: ZX402Supported,
  status: 200,
});

export const x402VerifyOperation = defineOperation({
  operationId: "x402Verify",
  method: "post",
  path: "/x402/verify",
  summary: "x402 facilitator: verify a payment without moving money",
  description:
    "Checks the paying agent's signed payment against the requirements: network, scheme, signature by an active key of an active agent, expiry, unused nonce, the payer's mandate and balance. A refusal is 200 with `isValid: false` and x402's `invalidReason`.",
  tag,
  scope: "settlement.read",
  body: ZX402PaymentRequest,
  response: ZX402VerifyResponse,
  status: 200,
});

export const x402SettleOperation = defineOperation({
  operationId: "x402Settle",
  method: "post",
  path: "/x402/settle",
  summary: "x402 facilitator: settle a payment on the ledger",
  description:
    "Moves the amount from the payer agent's wallet to the `payTo` agent's, once per payload (its nonce is the idempotency key: a retried or concurrent settle answers the same result), as a settlement with a receipt sealed in the log. `transaction` is the settlement id; `extra` names the settlement, the receipt and its `attestHash`. A refusal is 200 with `success: false` and x402's `errorReason`.",
  tag,
  scope: "settlement.execute",
  body: ZX402PaymentRequest,
  response: ZX402SettleResponse,
  status: 200,
});

export const x402Operations = [x402SupportedOperation, x402VerifyOperation, x402SettleOperation];
