import type { TOperation } from "@/lib/http/operation";

/** The toolset of each API tag: the groups a client names in `?toolsets=` or `X-MCP-Toolsets`. */
const toolsetOfTag: Record<string, string> = {
  Agents: "agents",
  "Agent keys": "agents",
  Authentication: "auth",
  Negotiations: "negotiations",
  Settlements: "settlements",
  Webhooks: "webhooks",
  Events: "webhooks",
  Receipts: "receipts",
  "Attest engine": "attest",
  "Attest log": "attest",
  x402: "x402",
};

export const toolsets = [...new Set(Object.values(toolsetOfTag))];

/** The toolset of an operation's tool; a new tag must join one here. */
export function toolsetOf(operation: TOperation): string {
  const toolset = toolsetOfTag[operation.tag];
  if (!toolset) throw new Error(`The tag ${operation.tag} belongs to no MCP toolset.`);
  return toolset;
}
