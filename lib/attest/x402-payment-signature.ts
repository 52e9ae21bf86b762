import { z } from "zod";
import { readCompactJws } from "./agreement-jws";
import { canonicalJson } from "./canonical";
import type { TNegotiationStepPayload } from "./negotiation-transcript";

/* The fields of an x402 payment statement that bind it to the terms it paid. */
const ZPaidStatement = z.looseObject({
  payer: z.string(),
  requirements: z.looseObject({ amount: z.string(), asset: z.string(), payTo: z.string() }),
});

/** Whether `text` is the RFC 8785 form of `json` (false for JSON it has none of, such as 1e400). */
const isCanonical = (json: unknown, text: string) => {
  try {
    return canonicalJson(json) === text;
  } catch {
    return false;
  }
};

/**
 * The text a step's x402 payment JWS must sign, or why it cannot be the step's: it signs the
 * RFC 8785 JSON of a payment statement by the step's agent, of the step's whole amount in its
 * currency to the one payee of its terms, and only a proposal carries one.
 */
export const x402PaymentText = (
  step: TNegotiationStepPayload,
  jws: string,
): { text: string } | { problem: string } => {
  if (step.action !== "propose")
    return { problem: "an x402 payment signs only the proposal it made" };
  const parsed = readCompactJws(jws);
  if (!parsed) return { problem: "the x402 payment is not a compact JWS" };
  let json: unknown;
  try {
    json = JSON.parse(parsed.payloadText);
  } catch {
    return { problem: "the x402 payment's payload is not JSON" };
  }
  const statement = ZPaidStatement.safeParse(json);
  if (!statement.success || !isCanonical(json, parsed.payloadText))
    return { problem: "the x402 payment's payload is not a canonical payment statement" };
  const { payer, requirements } = statement.data;
  const [split, ...others] = step.terms.splits;
  const paid = `${requirements.amount} ${requirements.asset} to ${requirements.payTo} by ${payer}`;
  const agreed = `${step.terms.amount.value} ${step.terms.amount.currency} to ${split?.agentId} by ${step.agentId}`;
  if (others.length > 0 || paid !== agreed)
    return { problem: `the x402 payment pays ${paid}, the terms ${agreed}` };
  return { text: parsed.payloadText };
};
