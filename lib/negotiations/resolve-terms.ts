import type { TNegotiationTerms } from "@/db/schema";
import { invalid } from "@/lib/http/api-error";
import type { TTermsInput } from "./schemas";

/**
 * Validates terms against the responders and fills in the split: explicit splits must name
 * every responder once and sum to the amount; without splits the amount is shared equally,
 * which is allowed only when it divides evenly.
 */
export function resolveTerms({
  input,
  responders,
  param,
}: {
  input: TTermsInput;
  responders: string[];
  param: string;
}): TNegotiationTerms {
  const { value } = input.amount;
  const description = input.description ?? null;
  if (!input.splits) {
    if (value % responders.length !== 0) {
      throw invalid(
        `${value} does not split evenly between ${responders.length} responders; send terms.splits.`,
        `${param}.splits`,
      );
    }
    const share = value / responders.length;
    return {
      amount: input.amount,
      splits: responders.map((agentId) => ({ agentId, amount: share })),
      description,
    };
  }
  const named = new Set<string>();
  input.splits.forEach((split, index) => {
    if (!responders.includes(split.agentId))
      throw invalid(`${split.agentId} is not a responder.`, `${param}.splits.${index}.agentId`);
    if (named.has(split.agentId))
      throw invalid(
        `${split.agentId} has more than one split.`,
        `${param}.splits.${index}.agentId`,
      );
    named.add(split.agentId);
  });
  const missing = responders.find((agentId) => !named.has(agentId));
  if (missing) throw invalid(`Responder ${missing} has no split.`, `${param}.splits`);
  const total = input.splits.reduce((sum, split) => sum + split.amount, 0);
  if (total !== value)
    throw invalid(`The splits sum to ${total}, not the amount ${value}.`, `${param}.splits`);
  const order = new Map(responders.map((agentId, index) => [agentId, index]));
  const splits = [...input.splits].sort(
    (a, b) => (order.get(a.agentId) ?? 0) - (order.get(b.agentId) ?? 0),
  );
  return { amount: input.amount, splits, description };
}
