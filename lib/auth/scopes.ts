import { z } from "zod";

export const scopeGroups = {
  agent: ["agent.register", "agent.read", "agent.update", "agent.delete"],
  negotiation: [
    "negotiation.create",
    "negotiation.read",
    "negotiation.respond",
    "negotiation.cancel",
  ],
  settlement: ["settlement.create", "settlement.read", "settlement.execute", "settlement.reverse"],
  receipt: ["receipt.read", "receipt.list"],
  attest: ["attest.verify", "attest.investigate"],
  webhook: ["webhook.create", "webhook.read", "webhook.update", "webhook.delete"],
  governance: ["governance.dispute"],
} as const;

export const allScopes = Object.values(scopeGroups).flat();
export type TScope = (typeof allScopes)[number];

export const ZScope = z.enum(allScopes as [TScope, ...TScope[]]).meta({ id: "Scope" });
export const ZScopes = z.array(ZScope).min(1).max(allScopes.length);

export function isScope(value: string): value is TScope {
  return (allScopes as readonly string[]).includes(value);
}
