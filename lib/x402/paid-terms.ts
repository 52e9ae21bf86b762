import type { TNegotiationTerms } from "@/db/schema";

/** The terms an x402 payment settles: all of the amount to the one payee, for the resource. */
export const paidTerms = ({
  payTo,
  amount,
  resourceUrl,
}: {
  payTo: string;
  amount: { value: number; currency: string };
  resourceUrl: string | null;
}): TNegotiationTerms => ({
  amount,
  splits: [{ agentId: payTo, amount: amount.value }],
  description: resourceUrl ? `x402 payment for ${resourceUrl}`.slice(0, 2000) : "x402 payment",
});
