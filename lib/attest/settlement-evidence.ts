import { z } from "zod";
import {
  evaluatePolicy,
  type TPolicyDecision,
  type TPolicyInputs,
  ZPolicyInputs,
} from "./policy-engine";
import { ZAmount } from "./schemas";
import { computeParties } from "./settlement-parties";

/*
 * What a settlement records so that replay can re-run its decisions. Replay reads only the
 * members below; records may carry more (latency, rail details), which are hashed but ignored.
 */

const ZId = z.string().min(1).max(100);

export const ZNegotiationAcceptedPayload = z.looseObject({
  negotiationId: ZId,
  round: z.number().int().positive(),
  initiatorAgentId: ZId,
  /** Responder agent ids in the negotiation's order (the order of the receipt's parties). */
  responders: z.array(ZId).min(1).max(999),
  terms: z.looseObject({
    amount: ZAmount,
    splits: z
      .array(z.object({ agentId: ZId, amount: z.number().int() }))
      .nullable()
      .optional(),
  }),
  /** Agents that accepted the final round (the initiator accepts its own proposal). */
  acceptedBy: z.array(ZId),
});

export const ZSettlementExecutedPayload = z.looseObject({
  settlementId: ZId,
  negotiationId: ZId,
  adapter: z.string().min(1).max(64),
  policyVersion: z.string().min(1).max(200),
  policyInputs: ZPolicyInputs,
  policyDecision: z.object({ allowed: z.boolean(), violations: z.array(z.string()) }),
});

export const ZPaymentConfirmedPayload = z.looseObject({
  externalRef: z.string().max(255),
  railStatus: z.string().min(1).max(64),
});

export type TNegotiationAcceptedPayload = z.infer<typeof ZNegotiationAcceptedPayload>;
export type TSettlementExecutedPayload = z.infer<typeof ZSettlementExecutedPayload>;
export type TPaymentConfirmedPayload = z.infer<typeof ZPaymentConfirmedPayload>;

type TExtra = Record<string, unknown>;

export type TSettlementFacts = {
  negotiation: TExtra & {
    negotiationId: string;
    round: number;
    initiatorAgentId: string;
    responders: string[];
    terms: TExtra & {
      amount: { value: number; currency: string };
      splits?: { agentId: string; amount: number }[] | null;
    };
    acceptedBy: string[];
  };
  settlement: TExtra & {
    settlementId: string;
    adapter: string;
    policyVersion: string;
    policyInputs: TPolicyInputs;
  };
  payment: TExtra & { externalRef: string; railStatus: string };
};

/**
 * The three evidence records of an executed settlement, in chain order, with the parties and the
 * policy decision computed exactly as replay will recompute them. Throws when the terms cannot
 * be split or the policy version is unknown: such a settlement must not execute.
 */
export const buildSettlementEvidence = ({ negotiation, settlement, payment }: TSettlementFacts) => {
  const split = computeParties({
    initiatorAgentId: negotiation.initiatorAgentId,
    responders: negotiation.responders,
    amount: negotiation.terms.amount,
    splits: negotiation.terms.splits,
  });
  if (!split.ok) throw new Error(`cannot split the settlement: ${split.detail}`);
  const decision: TPolicyDecision | null = evaluatePolicy({
    policyVersion: settlement.policyVersion,
    amount: negotiation.terms.amount,
    parties: split.parties,
    inputs: settlement.policyInputs,
  });
  if (!decision) throw new Error(`unknown policy version ${settlement.policyVersion}`);
  const evidence = [
    { type: "negotiation_accepted", payload: { ...negotiation } },
    {
      type: "settlement_executed",
      payload: {
        ...settlement,
        negotiationId: negotiation.negotiationId,
        policyDecision: decision,
      },
    },
    { type: "payment_confirmed", payload: { ...payment } },
  ];
  return { evidence, parties: split.parties, amount: negotiation.terms.amount, decision };
};
