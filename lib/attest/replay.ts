import { verifyEvidenceChain } from "./evidence-chain";
import { jsonDiff, type TDiffEntry } from "./json-diff";
import { evaluateMandateEvidence } from "./mandate-evidence";
import { evaluatePolicy, type TPolicyDecision } from "./policy-engine";
import { hashReceipt } from "./receipt-hash";
import type { TAmount, TEvidenceRecord, TParty, TReceiptFormatVersion } from "./schemas";
import {
  type TNegotiationAcceptedPayload,
  type TPaymentConfirmedPayload,
  type TSettlementExecutedPayload,
  withMandateViolations,
  ZNegotiationAcceptedPayload,
  ZPaymentConfirmedPayload,
  ZSettlementExecutedPayload,
} from "./settlement-evidence";
import { computeParties } from "./settlement-parties";

export const REPLAY_ENGINE_VERSION = "replay-1";

/** What the receipt recorded: the outcome replay must reproduce. */
export type TRecordedReceipt = {
  formatVersion: TReceiptFormatVersion;
  id: string;
  settlementId: string;
  negotiationId: string;
  amount: TAmount;
  parties: readonly TParty[];
  adapter: string;
  externalRef: string;
  policySnapshot: string;
  attestHash: string;
  createdAt: string;
};

export type TReplayOutcome = {
  status: string;
  settlementId: string;
  negotiationId: string;
  amount: TAmount;
  parties: TParty[];
  adapter: string;
  externalRef: string;
  policyVersion: string;
  policy: TPolicyDecision;
  attestHash: string;
};

export type TReplayStep = { evidenceId: string; type: string; from: string; to: string };

export type TReplayResult = {
  engineVersion: string;
  deterministic: boolean;
  /** Why the decisions could not be re-run at all (the diff is then empty). */
  error: string | null;
  steps: TReplayStep[];
  recorded: TReplayOutcome;
  replayed: TReplayOutcome | null;
  diff: TDiffEntry[];
};

// The settlement state machine as the evidence records drive it.
const transitions: Record<string, { from: string; to: string }> = {
  negotiation_accepted: { from: "none", to: "pending" },
  settlement_executed: { from: "pending", to: "executing" },
  payment_confirmed: { from: "executing", to: "executed" },
};

type TInputs = {
  negotiation?: TNegotiationAcceptedPayload;
  settlement?: TSettlementExecutedPayload;
  payment?: TPaymentConfirmedPayload;
};

const schemas = {
  negotiation_accepted: ["negotiation", ZNegotiationAcceptedPayload],
  settlement_executed: ["settlement", ZSettlementExecutedPayload],
  payment_confirmed: ["payment", ZPaymentConfirmedPayload],
} as const;

class ReplayError extends Error {}

/** Walks the evidence through the state machine and collects the recorded inputs. */
const walk = (evidence: readonly TEvidenceRecord[]) => {
  const steps: TReplayStep[] = [];
  const inputs: TInputs = {};
  let state = "none";
  for (const record of evidence) {
    const transition = transitions[record.type];
    // Records of other types (notes, rail details) carry no decision: they are hashed, not replayed.
    if (!transition) continue;
    if (transition.from !== state) {
      throw new ReplayError(
        `evidence ${record.id} (${record.type}) cannot follow state ${state}; it needs ${transition.from}`,
      );
    }
    const [slot, schema] = schemas[record.type as keyof typeof schemas];
    const parsed = schema.safeParse(record.payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ReplayError(
        `evidence ${record.id} (${record.type}) lacks replay input payload.${issue?.path.join(".")}: ${issue?.message}`,
      );
    }
    (inputs as Record<string, unknown>)[slot] = parsed.data;
    steps.push({ evidenceId: record.id, type: record.type, ...transition });
    state = transition.to;
  }
  return { steps, inputs, state };
};

const rerun = ({
  receipt,
  evidence,
}: {
  receipt: TRecordedReceipt;
  evidence: readonly TEvidenceRecord[];
}) => {
  const chain = verifyEvidenceChain({ records: evidence });
  if (!chain.ok) throw new ReplayError(`the evidence chain is broken: ${chain.failure.detail}`);
  const { steps, inputs, state } = walk(evidence);
  const { negotiation, settlement, payment } = inputs;
  if (!negotiation || !settlement || !payment) {
    throw new ReplayError(`the evidence ends in state ${state}, not executed`);
  }
  const split = computeParties({
    initiatorAgentId: negotiation.initiatorAgentId,
    responders: negotiation.responders,
    amount: negotiation.terms.amount,
    splits: negotiation.terms.splits,
  });
  if (!split.ok) throw new ReplayError(`split computation failed: ${split.detail}`);
  const policy = evaluatePolicy({
    policyVersion: settlement.policyVersion,
    amount: negotiation.terms.amount,
    parties: split.parties,
    inputs: settlement.policyInputs,
  });
  if (!policy) throw new ReplayError(`unknown policy version ${settlement.policyVersion}`);
  const mandate = evaluateMandateEvidence({
    evidence,
    amount: negotiation.terms.amount,
    parties: split.parties,
  });
  if (!mandate.ok) throw new ReplayError(`the mandate cannot be re-checked: ${mandate.detail}`);
  const decision = withMandateViolations(policy, mandate.violations);
  const everyoneAccepted = [negotiation.initiatorAgentId, ...negotiation.responders].every(
    (agentId) =>
      agentId === negotiation.initiatorAgentId || negotiation.acceptedBy.includes(agentId),
  );
  const executed = everyoneAccepted && decision.allowed && payment.railStatus === "succeeded";
  const facts = {
    settlementId: settlement.settlementId,
    negotiationId: negotiation.negotiationId,
    amount: { value: negotiation.terms.amount.value, currency: negotiation.terms.amount.currency },
    parties: split.parties,
    adapter: settlement.adapter,
    externalRef: payment.externalRef,
  };
  const { attestHash } = hashReceipt({
    ...facts,
    formatVersion: receipt.formatVersion,
    id: receipt.id,
    createdAt: receipt.createdAt,
    policySnapshot: settlement.policyVersion,
    evidenceChainHead: chain.head,
    evidenceChain: evidence.map((record) => record.id),
  });
  const replayed: TReplayOutcome = {
    status: executed ? "executed" : "failed",
    ...facts,
    policyVersion: settlement.policyVersion,
    policy: decision,
    attestHash,
  };
  return { steps, replayed, recordedDecision: settlement.policyDecision };
};

/**
 * Re-runs a settlement's decisions (state transitions, split computation, policy evaluation)
 * from its recorded evidence as a pure function, rebuilds the receipt hash from the replayed
 * facts, and compares everything with what the receipt recorded. Deterministic when nothing
 * differs.
 */
export const replaySettlement = ({
  receipt,
  evidence,
}: {
  receipt: TRecordedReceipt;
  evidence: readonly TEvidenceRecord[];
}): TReplayResult => {
  const recorded: TReplayOutcome = {
    status: "executed",
    settlementId: receipt.settlementId,
    negotiationId: receipt.negotiationId,
    amount: { value: receipt.amount.value, currency: receipt.amount.currency },
    parties: receipt.parties.map(({ agentId, role, amount }) => ({ agentId, role, amount })),
    adapter: receipt.adapter,
    externalRef: receipt.externalRef,
    policyVersion: receipt.policySnapshot,
    policy: { allowed: true, violations: [] },
    attestHash: receipt.attestHash,
  };
  try {
    const { steps, replayed, recordedDecision } = rerun({ receipt, evidence });
    recorded.policy = {
      allowed: recordedDecision.allowed,
      violations: [...recordedDecision.violations],
    };
    const diff = jsonDiff(recorded, replayed);
    return {
      engineVersion: REPLAY_ENGINE_VERSION,
      deterministic: diff.length === 0,
      error: null,
      steps,
      recorded,
      replayed,
      diff,
    };
  } catch (error) {
    if (!(error instanceof ReplayError)) throw error;
    return {
      engineVersion: REPLAY_ENGINE_VERSION,
      deterministic: false,
      error: error.message,
      steps: [],
      recorded,
      replayed: null,
      diff: [],
    };
  }
};
