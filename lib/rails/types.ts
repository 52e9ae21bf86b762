import type { TReceiptParty } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";

/** What a rail needs to move a settlement's money; `settlementId` is its idempotency key. */
export type TRailRequest = {
  settlementId: string;
  environment: TEnvironment;
  amount: { value: number; currency: string };
  parties: TReceiptParty[];
};

export type TRailOutcome =
  | { status: "succeeded"; externalRef: string }
  | { status: "declined"; code: string; message: string };

/**
 * What the rail holds for a payment whose call went unanswered: that payment, or, when it holds
 * none, `voided`: the rail has recorded that it will never make it.
 */
export type TRailLookup = TRailOutcome | { status: "voided" };

/**
 * A payment rail. Every call is idempotent by settlement id: executing or reversing the same
 * settlement again returns the first outcome and moves no more money.
 */
export type TRailAdapter = {
  name: string;
  execute: (request: TRailRequest) => Promise<TRailOutcome>;
  reverse: (request: TRailRequest) => Promise<TRailOutcome>;
  /**
   * The payment's final status, after its call went unanswered. A call still on its way may land
   * after this answers, so "not there" is not enough: when the rail holds no payment, it voids
   * it, and a later call for the settlement is declined. The two are serialized by the rail.
   */
  lookupOrVoid: (request: TRailRequest) => Promise<TRailLookup>;
};
