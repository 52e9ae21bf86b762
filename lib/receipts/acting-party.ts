import { actingAgentId, type TAuthContext } from "@/lib/auth/auth-context";
import { tenantOf } from "@/lib/auth/tenant";
import { requireActingAgentAmong } from "@/lib/http/authorize";
import { getReceiptOrThrow } from "./get-receipt";

/** With an agent token, the receipt must name the token's agent as a party. API keys pass. */
export async function requireReceiptParty(auth: TAuthContext, receiptId: string): Promise<void> {
  if (actingAgentId(auth) === undefined) return;
  const row = await getReceiptOrThrow({ tenant: tenantOf(auth), receiptId });
  requireActingAgentAmong(
    auth,
    row.parties.map((party) => party.agentId),
    "a party to this receipt",
  );
}
