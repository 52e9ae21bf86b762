import { eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { negotiations } from "@/db/schema";
import type { TSettlementFacts } from "@/lib/attest/settlement-evidence";
import { acceptancesOf } from "@/lib/negotiations/present-negotiation";

/** The negotiation facts of a settlement's evidence: the accepted round's terms and who accepted. */
export async function negotiationFacts(
  executor: TExecutor,
  negotiationId: string,
): Promise<TSettlementFacts["negotiation"]> {
  const [negotiation] = await executor
    .select()
    .from(negotiations)
    .where(eq(negotiations.id, negotiationId));
  if (!negotiation) throw new Error(`negotiation ${negotiationId} of a settlement is missing`);
  const round = negotiation.rounds.at(-1)!;
  return {
    negotiationId,
    round: round.round,
    initiatorAgentId: negotiation.initiatorAgentId,
    responders: negotiation.responderAgentIds,
    terms: negotiation.terms,
    acceptedBy: acceptancesOf(round),
    acceptedAt: negotiation.closedAt?.toISOString() ?? null,
  };
}
