import { actingAgentId, type TAuthContext } from "@/lib/auth/auth-context";
import { tenantOf } from "@/lib/auth/tenant";
import { requireActingAgentAmong } from "@/lib/http/authorize";
import { getNegotiationOrThrow } from "@/lib/negotiations/get-negotiation";
import { getSettlementOrThrow } from "./get-settlement";

/**
 * With an agent token, the settlement must name the token's agent: as the payer to move its
 * money (execute, reverse), as any party otherwise. API keys pass.
 */
export async function requireSettlementParty(
  auth: TAuthContext,
  settlementId: string,
  role: "payer" | "party",
): Promise<void> {
  if (actingAgentId(auth) === undefined) return;
  const row = await getSettlementOrThrow({ tenant: tenantOf(auth), settlementId });
  if (role === "payer")
    requireActingAgentAmong(auth, [row.payerAgentId], "the paying agent of this settlement");
  else
    requireActingAgentAmong(
      auth,
      row.parties.map((party) => party.agentId),
      "a party to this settlement",
    );
}

/** With an agent token, only the negotiation's initiator (the payer) settles it. */
export async function requireNegotiationInitiator(
  auth: TAuthContext,
  negotiationId: string,
): Promise<void> {
  if (actingAgentId(auth) === undefined) return;
  const row = await getNegotiationOrThrow({ tenant: tenantOf(auth), negotiationId });
  requireActingAgentAmong(auth, [row.initiatorAgentId], "the initiator of this negotiation");
}
