import type { TAmount, TParty } from "./schemas";

export type TSplit = { agentId: string; amount: number };

export type TPartiesResult = { ok: true; parties: TParty[] } | { ok: false; detail: string };

/**
 * The split computation of a settlement, as a pure function of the accepted terms: the
 * initiator (the payer) first with the whole amount, then each responder (a payee) in the
 * negotiation's responder order with its share. Without explicit splits the amount is divided
 * equally, which is allowed only when it divides evenly.
 */
export const computeParties = ({
  initiatorAgentId,
  responders,
  amount,
  splits,
}: {
  initiatorAgentId: string;
  responders: readonly string[];
  amount: TAmount;
  splits?: readonly TSplit[] | null;
}): TPartiesResult => {
  if (responders.length === 0)
    return { ok: false, detail: "a settlement has at least one responder" };
  const shares = new Map<string, number>();
  if (splits && splits.length > 0) {
    for (const split of splits) {
      if (shares.has(split.agentId))
        return { ok: false, detail: `split for ${split.agentId} appears twice` };
      shares.set(split.agentId, split.amount);
    }
    const unknown = splits.find((split) => !responders.includes(split.agentId));
    if (unknown)
      return { ok: false, detail: `split for ${unknown.agentId}, who is not a responder` };
    const missing = responders.find((agentId) => !shares.has(agentId));
    if (missing) return { ok: false, detail: `no split for responder ${missing}` };
  } else {
    if (amount.value % responders.length !== 0) {
      return {
        ok: false,
        detail: `${amount.value} does not divide evenly among ${responders.length} responders`,
      };
    }
    for (const agentId of responders) shares.set(agentId, amount.value / responders.length);
  }
  const total = [...shares.values()].reduce((sum, share) => sum + share, 0);
  if (total !== amount.value) {
    return { ok: false, detail: `splits sum to ${total}, the amount is ${amount.value}` };
  }
  return {
    ok: true,
    parties: [
      { agentId: initiatorAgentId, role: "initiator", amount: amount.value },
      ...responders.map((agentId) => ({
        agentId,
        role: "responder" as const,
        amount: shares.get(agentId)!,
      })),
    ],
  };
};
