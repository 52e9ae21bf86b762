import { z } from "zod";
import { MANDATE_RECORD_TYPE, mandateViolations, type TMandateCheckedPayload } from "./mandate";
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

/** A policy decision with the mandate's violations added: the settlement passes only both. */
export const withMandateViolations = (
  decision: TPolicyDecision,
  violations: readonly string[],
): TPolicyDecision => ({
  allowed: decision.allowed && violations.length === 0,
  violations: [...decision.violations, ...violations],
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
  /** The paying agent's mandate check, when it has a mandate. */
  mandate?: TMandateCheckedPayload | null;
};

/**
 * The evidence records of an executed settlement, in chain order (the mandate record only when
 * the payer has a mandate), with the parties and the policy decision computed exactly as replay
 * will recompute them. Throws when the terms cannot be split or the policy version is unknown:
 * such a settlement must not execute.
 */
export const buildSettlementEvidence = ({
  negotiation,
  settlement,
  payment,
  mandate = null,
}: TSettlementFacts) => {
  const split = computeParties({
    initiatorAgentId: negotiation.initiatorAgentId,
    responders: negotiation.responders,
    amount: negotiation.terms.amount,
    splits: negotiation.terms.splits,
  });
  if (!split.ok) throw new Error(`cannot split the settlement: ${split.detail}`);
  const policy: TPolicyDecision | null = evaluatePolicy({
    policyVersion: settlement.policyVersion,
    amount: negotiation.terms.amount,
    parties: split.parties,
    inputs: settlement.policyInputs,
  });
  if (!policy) throw new Error(`unknown policy version ${settlement.policyVersion}`);
  const decision = withMandateViolations(
    policy,
    mandate
      ? mandateViolations({
          terms: mandate.mandate,
          amount: negotiation.terms.amount,
          counterparties: negotiation.responders,
          at: mandate.checkedAt,
          spentBefore: mandate.spentBefore,
        })
      : [],
  );
  const evidence = [
    { type: "negotiation_accepted", payload: { ...negotiation } },
    ...(mandate ? [{ type: MANDATE_RECORD_TYPE, payload: { ...mandate } }] : []),
    {
      type: "settlement_executed",
      payload: {
        ...settlement,
        negotiationId: negotiation.negotiationId,
        mandate: mandate ? { hash: mandate.mandateHash, version: mandate.mandateVersion } : null,
        policyDecision: decision,
      },
    },
    { type: "payment_confirmed", payload: { ...payment } },
  ];
  return { evidence, parties: split.parties, amount: negotiation.terms.amount, decision };
};
