import {
  lastProposal,
  signatureRequirementOf,
  type TSignatureRequirement,
  type TTranscriptStep,
} from "./negotiation-transcript";

/** Whose signature a requirement asks for, as a refusal reads it. */
export const requiredSignaturesText = (requirement: TSignatureRequirement): string =>
  ({ all: "every party's", responders: "every responder's", none: "no" })[requirement];

/**
 * The agents whose signature in the transcript covers the final terms: the author of the last
 * proposal or counter when it signed it, then each agent that signed its accept of that round.
 * Whether each signature verifies is the caller's to check.
 */
export const finalTermsSigners = (steps: readonly TTranscriptStep[]): string[] => {
  const proposal = lastProposal(steps);
  if (!proposal) return [];
  const { payload } = proposal;
  const finalRound = payload.action === "counter" ? payload.round + 1 : payload.round;
  const signers = new Set<string>();
  if (payload.signature) signers.add(payload.agentId);
  for (const step of steps) {
    const { action, round, signature, agentId } = step.payload;
    if (action === "accept" && round === finalRound && signature) signers.add(agentId);
  }
  return [...signers];
};

/**
 * The parties the transcript's requirement needs a signature of the final terms from and that
 * gave none: under `all` any party, under `responders` any but the initiator (the proposer).
 */
export const missingSignersOf = ({
  steps,
  parties,
}: {
  steps: readonly TTranscriptStep[];
  parties: readonly string[];
}): string[] => {
  const requirement = signatureRequirementOf(steps);
  if (requirement === "none") return [];
  const initiator = steps[0]?.payload.agentId;
  const signed = new Set(finalTermsSigners(steps));
  return parties.filter(
    (party) => !signed.has(party) && (requirement === "all" || party !== initiator),
  );
};
