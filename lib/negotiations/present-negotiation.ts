import type { TNegotiationRound, TNegotiationRow } from "@/db/schema";
import { effectiveStatus } from "./effective-status";
import { partiesOf } from "./parties";
import type { TNegotiation } from "./schemas";

/** The agents that accepted a round: its proposer, and every party that answered `accept`. */
export function acceptancesOf(round: TNegotiationRound): string[] {
  return [
    round.proposedBy,
    ...round.responses.filter((response) => response.action === "accept").map((r) => r.agentId),
  ];
}

export function presentNegotiation(row: TNegotiationRow, now = new Date()): TNegotiation {
  const current = row.rounds.at(-1);
  return {
    id: row.id,
    status: effectiveStatus(row, now),
    initiatorAgentId: row.initiatorAgentId,
    responders: row.responderAgentIds,
    parties: partiesOf({ initiatorAgentId: row.initiatorAgentId, terms: row.terms }),
    terms: row.terms,
    round: row.round,
    acceptedBy: current ? acceptancesOf(current) : [],
    rounds: row.rounds,
    metadata: row.metadata,
    signatures: row.signatures,
    expiresAt: row.expiresAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
