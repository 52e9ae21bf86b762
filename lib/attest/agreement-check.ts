import { verifyAgreementJws } from "./agreement-jws";
import { finalTermsSigners, missingSignersOf, requiredSignaturesText } from "./agreement-signers";
import { canonicalJson } from "./canonical";
import {
  agreementPayloadText,
  lastProposal,
  signatureRequirementOf,
  type TReceiptTranscript,
  type TTranscriptStep,
} from "./negotiation-transcript";
import type { TEvidenceRecord } from "./schemas";
import { ZNegotiationAcceptedPayload } from "./settlement-evidence";
import { check, type TVerifyCheck } from "./verify-check";
import { x402PaymentText } from "./x402-payment-signature";

type TProblem = string | null;

/** Steps numbered 1…n of this negotiation, opened by a proposal, each on the round then current. */
const checkSequence = (steps: TTranscriptStep[], negotiationId: string): TProblem => {
  let round = 1;
  for (const [index, { id, payload }] of steps.entries()) {
    if (payload.negotiationId !== negotiationId)
      return `record ${id} is a step of ${payload.negotiationId}, not ${negotiationId}`;
    if (payload.step !== index + 1)
      return `record ${id} is step ${payload.step}, expected ${index + 1}`;
    if ((index === 0) !== (payload.action === "propose"))
      return `record ${id}: the transcript opens with the one proposal`;
    if (index > 0 && payload.signatures)
      return `record ${id}: only the proposal records the signature requirement`;
    if (payload.round !== round) return `record ${id} acts on round ${payload.round}, not ${round}`;
    if (payload.action === "counter") round += 1;
  }
  return null;
};

/**
 * The agreed terms and who agreed must be those the transcript's last round holds; returns the
 * agents that agreed, or the problem.
 */
const checkOutcome = (
  steps: TTranscriptStep[],
  evidence: readonly TEvidenceRecord[],
): { problem: string } | { agreed: string[] } => {
  const record = evidence.find((r) => r.type === "negotiation_accepted");
  const accepted = record && ZNegotiationAcceptedPayload.safeParse(record.payload);
  if (!accepted?.success)
    return { problem: "the evidence has no readable negotiation_accepted record" };
  const proposal = lastProposal(steps)!;
  const lastRound = steps.at(-1)!.payload.round;
  const agreedTerms = canonicalJson(proposal.payload.terms);
  if (agreedTerms !== canonicalJson(accepted.data.terms))
    return { problem: `the accepted terms are not those proposed in record ${proposal.id}` };
  const agreed = new Set([proposal.payload.agentId]);
  for (const { payload } of steps) {
    if (payload.action === "accept" && payload.round === lastRound) agreed.add(payload.agentId);
  }
  const claimed = new Set(accepted.data.acceptedBy);
  const same = agreed.size === claimed.size && [...agreed].every((agent) => claimed.has(agent));
  return same
    ? { agreed: [...agreed] }
    : { problem: "acceptedBy differs from the agents the transcript shows accepting" };
};

const checkSignatures = async (steps: TTranscriptStep[]): Promise<TProblem> => {
  const signatures = signatureRequirementOf(steps);
  for (const { id, payload } of steps) {
    if (!payload.signature) continue;
    const signed =
      payload.signature.signs === "x402_payment"
        ? x402PaymentText(payload, payload.signature.jws)
        : {
            text: agreementPayloadText({
              negotiationId: payload.negotiationId,
              round: payload.round,
              action: payload.action,
              terms: payload.terms,
              signatures,
            }),
          };
    if ("problem" in signed) return `record ${id}: ${signed.problem}`;
    const verdict = await verifyAgreementJws({
      jws: payload.signature.jws,
      jwk: payload.signature.publicJwk,
      kid: payload.signature.keyId,
      payloadText: signed.text,
    });
    if (!verdict.ok) return `record ${id}: the signature of ${payload.agentId} ${verdict.detail}`;
  }
  return null;
};

/**
 * The `agreement` check of a receipt whose format has one (2 and later: `transcript` is what
 * receiptTranscript read), null for format 1.
 */
export const checkAgreementOf = ({
  negotiationId,
  evidence,
  transcript,
}: {
  negotiationId: string;
  evidence: readonly TEvidenceRecord[];
  transcript: TReceiptTranscript;
}): Promise<TVerifyCheck> | null =>
  transcript === null ? null : checkAgreement({ negotiationId, evidence, steps: transcript });

/**
 * Under a signature requirement, every party it names signed the final terms. The parties are
 * those that agreed and, whatever a forged acceptance claims, the payer and every payee.
 */
const checkRequirement = (steps: TTranscriptStep[], agreed: string[]): TProblem => {
  const payees = lastProposal(steps)!.payload.terms.splits.map((split) => split.agentId);
  const parties = new Set([steps[0]!.payload.agentId, ...agreed, ...payees]);
  const missing = missingSignersOf({ steps, parties: [...parties] });
  if (missing.length === 0) return null;
  const required = requiredSignaturesText(signatureRequirementOf(steps));
  return `the negotiation requires ${required} signature of the final terms, and ${missing.join(", ")} did not sign them`;
};

const signedDetail = (steps: TTranscriptStep[]): string => {
  const signers = finalTermsSigners(steps);
  const requirement = `signatures required: ${signatureRequirementOf(steps)}`;
  return signers.length > 0
    ? `final terms signed by ${signers.join(", ")} (${requirement})`
    : `final terms signed by no agent (${requirement})`;
};

/**
 * The `agreement` check of a format 2 receipt: the evidence holds the whole negotiation
 * transcript, in order, ending in the terms and the acceptances the receipt settled, every
 * agent signature in it (an x402 payer's payment JWS included) verifies with the public key it
 * carries and signs that step's terms, and every party the negotiation's signature requirement
 * names signed the final terms. Its detail names who signed.
 */
export const checkAgreement = async ({
  negotiationId,
  evidence,
  steps,
}: {
  negotiationId: string;
  evidence: readonly TEvidenceRecord[];
  /** The transcript readTranscript read from `evidence`, or why it could not. */
  steps: TTranscriptStep[] | string;
}): Promise<TVerifyCheck> => {
  if (typeof steps === "string") return check("agreement", false, steps);
  const sequence = checkSequence(steps, negotiationId);
  if (sequence) return check("agreement", false, sequence);
  const outcome = checkOutcome(steps, evidence);
  if ("problem" in outcome) return check("agreement", false, outcome.problem);
  const problem = (await checkSignatures(steps)) ?? checkRequirement(steps, outcome.agreed);
  return problem
    ? check("agreement", false, problem)
    : check("agreement", true, signedDetail(steps));
};
