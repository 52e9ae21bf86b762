import type { TAgentRow } from "@/db/schema";
import type { TMandate } from "./schemas";

/** The mandate as the agent's JSON shows it, null when the agent has none. */
export function presentMandate(
  agent: Pick<TAgentRow, "mandate" | "mandateHash" | "mandateVersion">,
): TMandate | null {
  if (!agent.mandate || !agent.mandateHash) return null;
  return { ...agent.mandate, version: agent.mandateVersion, hash: agent.mandateHash };
}
