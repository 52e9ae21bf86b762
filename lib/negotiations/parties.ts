import type { TNegotiationTerms, TReceiptParty } from "@/db/schema";

/** The initiator pays the whole amount; each responder receives its split. */
export function partiesOf({
  initiatorAgentId,
  terms,
}: {
  initiatorAgentId: string;
  terms: TNegotiationTerms;
}): TReceiptParty[] {
  return [
    { agentId: initiatorAgentId, role: "initiator", amount: terms.amount.value },
    ...terms.splits.map((split) => ({
      agentId: split.agentId,
      role: "responder" as const,
      amount: split.amount,
    })),
  ];
}
