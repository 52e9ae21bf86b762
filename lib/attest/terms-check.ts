import { jsonDiff } from "./json-diff";
import {
  lastProposal,
  type TReceiptTranscript,
  type TTranscriptStep,
} from "./negotiation-transcript";
import type { TAmount, TEvidenceRecord, TParty } from "./schemas";
import { ZNegotiationAcceptedPayload } from "./settlement-evidence";
import { computeParties } from "./settlement-parties";
import { check, type TVerifyCheck } from "./verify-check";

type TTerms = { amount: TAmount; parties: TParty[] };

/** Terms derived from one record, or why that record yields none. */
type TDerived = { source: string; terms: TTerms } | { source: string; problem: string };

const derive = (source: string, facts: Parameters<typeof computeParties>[0]): TDerived => {
  const split = computeParties(facts);
  if (!split.ok) return { source, problem: `the accepted terms do not split: ${split.detail}` };
  const { value, currency } = facts.amount;
  return { source, terms: { amount: { value, currency }, parties: split.parties } };
};

/**
 * The transcript's own account: the proposing agent pays, the last round's proposal holds the
 * amount, and its splits (always spelled out, in responder order) name the payees and shares.
 */
const fromTranscript = (steps: TTranscriptStep[] | string): TDerived => {
  if (typeof steps === "string") return { source: "the transcript", problem: steps };
  const opening = steps[0]!;
  const proposal = lastProposal(steps);
  if (opening.payload.action !== "propose" || !proposal) {
    return { source: "the transcript", problem: `record ${opening.id} is not a proposal` };
  }
  const { amount, splits } = proposal.payload.terms;
  return derive(`transcript record ${proposal.id}`, {
    initiatorAgentId: opening.payload.agentId,
    responders: splits.map((split) => split.agentId),
    amount,
    splits,
  });
};

const fromAcceptance = (evidence: readonly TEvidenceRecord[]): TDerived => {
  const record = evidence.find((r) => r.type === "negotiation_accepted");
  const accepted = record && ZNegotiationAcceptedPayload.safeParse(record.payload);
  if (!record || !accepted?.success) {
    return {
      source: "negotiation_accepted",
      problem: "the evidence has no readable negotiation_accepted record",
    };
  }
  const { initiatorAgentId, responders, terms } = accepted.data;
  return derive(`record ${record.id} (negotiation_accepted)`, {
    initiatorAgentId,
    responders,
    amount: terms.amount,
    splits: terms.splits,
  });
};

/**
 * The `terms` check: the receipt's amount, currency, parties, roles and shares are those the
 * accepted terms in its evidence give, by the same split computation the settlement ran. Format
 * 2 derives them from the negotiation transcript (what the agents proposed, countered and
 * signed) and from `negotiation_accepted`, and both must agree with the receipt; format 1 has
 * only `negotiation_accepted`. A receipt re-hashed over other facts fails here by name.
 */
export const checkTerms = ({
  amount,
  parties,
  evidence,
  transcript,
}: {
  amount: TAmount;
  parties: readonly TParty[];
  evidence: readonly TEvidenceRecord[];
  /** What receiptTranscript read from `evidence` (null for format 1). */
  transcript: TReceiptTranscript;
}): TVerifyCheck => {
  const receipt: TTerms = {
    amount: { value: amount.value, currency: amount.currency },
    parties: parties.map(({ agentId, role, amount }) => ({ agentId, role, amount })),
  };
  const derived =
    transcript === null
      ? [fromAcceptance(evidence)]
      : [fromTranscript(transcript), fromAcceptance(evidence)];
  for (const account of derived) {
    if ("problem" in account) return check("terms", false, `${account.source}: ${account.problem}`);
    const [difference] = jsonDiff(receipt, account.terms);
    if (difference) {
      return check(
        "terms",
        false,
        `${difference.path} is ${JSON.stringify(difference.recorded)} on the receipt, ${JSON.stringify(difference.replayed)} in the terms of ${account.source}`,
      );
    }
  }
  return check("terms", true);
};
