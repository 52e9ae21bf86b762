import { inArray } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { negotiations } from "@/db/schema";
import type { TSettlementFacts } from "@/lib/attest/settlement-evidence";
import { acceptancesOf } from "@/lib/negotiations/present-negotiation";

type TNegotiationFacts = TSettlementFacts["negotiation"];

function factsOf(negotiation: typeof negotiations.$inferSelect): TNegotiationFacts {
  const round = negotiation.rounds.at(-1)!;
  return {
    negotiationId: negotiation.id,
    round: round.round,
    initiatorAgentId: negotiation.initiatorAgentId,
    responders: negotiation.responderAgentIds,
    terms: negotiation.terms,
    acceptedBy: acceptancesOf(round),
    acceptedAt: negotiation.closedAt?.toISOString() ?? null,
  };
}

/** The negotiation facts of a settlement's evidence: the accepted round's terms and who accepted. */
export async function negotiationFacts(
  executor: TExecutor,
  negotiationId: string,
): Promise<TNegotiationFacts> {
  return (await negotiationFactsOf(executor, [negotiationId])).get(negotiationId)!;
}

/** negotiationFacts of several negotiations in one read, by negotiation id. */
export async function negotiationFactsOf(
  executor: TExecutor,
  negotiationIds: string[],
): Promise<Map<string, TNegotiationFacts>> {
  const rows = await executor
    .select()
    .from(negotiations)
    .where(inArray(negotiations.id, negotiationIds));
  const facts = new Map(rows.map((row) => [row.id, factsOf(row)]));
  const missing = negotiationIds.find((id) => !facts.has(id));
  if (missing) throw new Error(`negotiation ${missing} of a settlement is missing`);
  return facts;
}
