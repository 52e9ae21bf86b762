import type { TAgentRow } from "@/db/schema";
import type { TMandate } from "./schemas";

/** The mandate as the agent's JSON shows it, null when the agent has none. */
export function presentMandate(
  agent: Pick<TAgentRow, "mandate" | "mandateHash" | "mandateVersion" | "mandateSignature">,
): TMandate | null {
  if (!agent.mandate || !agent.mandateHash) return null;
  const signature = agent.mandateSignature;
  return {
    ...agent.mandate,
    version: agent.mandateVersion,
    signedBy: signature ? { agentId: signature.signerAgentId, keyId: signature.keyId } : null,
    hash: agent.mandateHash,
  };
}
