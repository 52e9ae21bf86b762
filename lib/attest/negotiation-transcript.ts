import { z } from "zod";
import { ZAgentPublicJwk } from "./agent-public-key";
import { canonicalJson } from "./canonical";
import { type TEvidenceRecord, ZAmount } from "./schemas";

/*
 * The negotiation transcript in a settlement's evidence: one `negotiation_step` record per
 * proposal, counter, accept, reject and cancel, in the order the service took them, each naming
 * the acting agent, the credential of the call and, when the agent signed it, the signature
 * with the agent's public key.
 */

export const NEGOTIATION_STEP_TYPE = "negotiation_step";

export const negotiationStepActions = ["propose", "counter", "accept", "reject", "cancel"] as const;
export type TNegotiationStepAction = (typeof negotiationStepActions)[number];

const ZId = z.string().min(1).max(100);

export const ZStepTerms = z.strictObject({
  amount: ZAmount,
  splits: z.array(z.strictObject({ agentId: ZId, amount: z.number().int() })).max(20),
  description: z.string().max(2000).nullable(),
});
export type TStepTerms = z.infer<typeof ZStepTerms>;

/** Who made the call: an API key (its id, never its secret) or an agent token. */
export const ZStepCredential = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("api_key"), keyId: ZId }),
  z.strictObject({
    kind: z.literal("agent_token"),
    /** The token's `jti`. */
    tokenId: ZId,
    /** The API key that issued the token, null when none did. */
    keyId: ZId.nullable(),
    scopes: z.array(z.string().min(1).max(64)).max(64),
  }),
]);
export type TStepCredential = z.infer<typeof ZStepCredential>;

/**
 * Whose signatures a negotiation requires on its final terms: every party's, every responder's,
 * or none (signatures stay optional). Recorded on the proposal step and, when not `none`, inside
 * every signed statement, so that a copy of the transcript cannot drop it.
 */
export const signatureRequirements = ["none", "responders", "all"] as const;
export type TSignatureRequirement = (typeof signatureRequirements)[number];

export const ZStepSignature = z.strictObject({
  /** Compact JWS over agreementPayloadText of the step, or over what `signs` names. */
  jws: z.string().min(1).max(8192),
  /** The agent key's id, also the JWS header's `kid`. */
  keyId: ZId,
  publicJwk: ZAgentPublicJwk,
  /**
   * `x402_payment`: the JWS is the payer's x402 payment (its payload the RFC 8785 JSON of
   * {requirements, payer, nonce, expiresAt}), on the proposal of the negotiation an x402 settle
   * records; the requirements must be the step's terms (x402-payment-signature.ts).
   */
  signs: z.literal("x402_payment").optional(),
});
export type TStepSignature = z.infer<typeof ZStepSignature>;

export const ZNegotiationStepPayload = z.strictObject({
  negotiationId: ZId,
  /** Position in the transcript, from 1. */
  step: z.number().int().positive(),
  /** The round the step acts on; a counter opens round + 1 with its terms. */
  round: z.number().int().positive(),
  action: z.enum(negotiationStepActions),
  agentId: ZId,
  /** The proposed terms for propose and counter, the round's terms otherwise. */
  terms: ZStepTerms,
  message: z.string().max(2000).nullable(),
  at: z.iso.datetime({ precision: 3 }),
  credential: ZStepCredential,
  signature: ZStepSignature.nullable(),
  /** On the proposal only, and only when the negotiation requires signatures. */
  signatures: z.enum(["responders", "all"]).optional(),
});
export type TNegotiationStepPayload = z.infer<typeof ZNegotiationStepPayload>;

export type TAgreementStatement = {
  negotiationId: string;
  round: number;
  action: TNegotiationStepAction;
  terms: TStepTerms;
  /** The negotiation's requirement; signed only when it is not `none`. */
  signatures?: TSignatureRequirement | undefined;
};

/**
 * The exact text an agent signs for a step: RFC 8785 JSON of {negotiationId, round, action,
 * terms}, plus `signatures` when the negotiation requires signatures.
 */
export const agreementPayloadText = ({
  negotiationId,
  round,
  action,
  terms,
  signatures = "none",
}: TAgreementStatement): string =>
  canonicalJson({
    negotiationId,
    round,
    action,
    terms: { amount: terms.amount, splits: terms.splits, description: terms.description },
    ...(signatures === "none" ? {} : { signatures }),
  });

export type TTranscriptStep = { id: string; payload: TNegotiationStepPayload };

/** The transcript's steps in chain order, or why they cannot be read (none, or a malformed one). */
export const readTranscript = (
  evidence: readonly Pick<TEvidenceRecord, "id" | "type" | "payload">[],
): TTranscriptStep[] | string => {
  const steps: TTranscriptStep[] = [];
  for (const record of evidence) {
    if (record.type !== NEGOTIATION_STEP_TYPE) continue;
    const parsed = ZNegotiationStepPayload.safeParse(record.payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return `record ${record.id}: payload.${issue?.path.join(".")}: ${issue?.message}`;
    }
    steps.push({ id: record.id, payload: parsed.data });
  }
  return steps.length > 0 ? steps : "the evidence holds no negotiation transcript";
};

/** What readTranscript makes of a receipt's evidence from format 2 on; null for format 1. */
export type TReceiptTranscript = TTranscriptStep[] | string | null;

/** A receipt's transcript, read once for every check that needs it. */
export const receiptTranscript = ({
  formatVersion,
  evidence,
}: {
  formatVersion?: number | undefined;
  evidence: readonly Pick<TEvidenceRecord, "id" | "type" | "payload">[];
}): TReceiptTranscript => ((formatVersion ?? 1) >= 2 ? readTranscript(evidence) : null);

/** The step whose terms the last round settled on: the last proposal or counter. */
/** The requirement the transcript's proposal records; `none` when it records none. */
export const signatureRequirementOf = (steps: readonly TTranscriptStep[]): TSignatureRequirement =>
  steps[0]?.payload.signatures ?? "none";

export const lastProposal = (steps: readonly TTranscriptStep[]): TTranscriptStep | undefined =>
  steps.findLast((s) => s.payload.action === "propose" || s.payload.action === "counter");
