import { describe, expect, it } from "vitest";
import { toBase64Url } from "./bytes";
import type { TNegotiationStepPayload } from "./negotiation-transcript";
import { x402PaymentText } from "./x402-payment-signature";

const proposal = {
  negotiationId: "neg-1",
  step: 1,
  round: 1,
  action: "propose",
  agentId: "agent-payer",
  terms: {
    amount: { value: 250, currency: "USD" },
    splits: [{ agentId: "agent-shop", amount: 250 }],
    description: "x402 payment",
  },
  message: null,
  at: "2026-11-28T00:00:00.000Z",
  credential: { kind: "api_key", keyId: "key-1" },
  signature: null,
} satisfies TNegotiationStepPayload;

/** A JWS-shaped string with this payload text (the signature is not what these cases check). */
const jwsOf = (payloadText: string) =>
  [
    toBase64Url(new TextEncoder().encode('{"alg":"EdDSA","kid":"akey-1"}')),
    toBase64Url(new TextEncoder().encode(payloadText)),
    toBase64Url(new Uint8Array(64)),
  ].join(".");

const requirements = { amount: "250", asset: "USD", payTo: "agent-shop" };

describe("x402PaymentText", () => {
  it("is the payload text of a canonical statement that pays the step's terms", () => {
    const text = JSON.stringify({ payer: "agent-payer", requirements });
    expect(x402PaymentText(proposal, jwsOf(text))).toEqual({ text });
  });

  it("refuses a statement that pays other terms, naming both", () => {
    const text = JSON.stringify({
      payer: "agent-payer",
      requirements: { ...requirements, amount: "9" },
    });
    expect(x402PaymentText(proposal, jwsOf(text))).toEqual({
      problem:
        "the x402 payment pays 9 USD to agent-shop by agent-payer, the terms 250 USD to agent-shop by agent-payer",
    });
  });

  it("refuses a payload with no canonical form instead of throwing", () => {
    const text = `{"extra":1e400,"payer":"agent-payer","requirements":${JSON.stringify(requirements)}}`;
    expect(x402PaymentText(proposal, jwsOf(text))).toEqual({
      problem: "the x402 payment's payload is not a canonical payment statement",
    });
  });
});
