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

/** A status lookup may also find that the rail never received the payment. */
export type TRailLookup = TRailOutcome | { status: "not_found" };

/**
 * A payment rail. Every call is idempotent by settlement id: executing or reversing the same
 * settlement again returns the first outcome and moves no more money.
 */
export type TRailAdapter = {
  name: string;
  execute: (request: TRailRequest) => Promise<TRailOutcome>;
  reverse: (request: TRailRequest) => Promise<TRailOutcome>;
  lookupStatus: (request: TRailRequest) => Promise<TRailLookup>;
};
