import type { TReceiptParty } from "@/db/schema";

/** The agents a settlement pays: every party but the payer. */
export const counterpartiesOf = (parties: readonly TReceiptParty[]) =>
  parties.filter((party) => party.role === "responder").map((party) => party.agentId);
