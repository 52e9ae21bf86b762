import type { Environment } from "@/lib/environment";
import type { PlanTier } from "@/lib/orgs/plans";
import type { Scope } from "./scopes";

export type Credential =
  | { kind: "api_key"; keyId: string }
  | { kind: "jwt"; agentId: string; tokenId: string };

/** Who is calling: resolved once per request by `authenticate`, then passed to domain code. */
export type AuthContext = {
  organizationId: string;
  environment: Environment;
  plan: PlanTier;
  scopes: ReadonlySet<Scope>;
  credential: Credential;
};

/** The agent a JWT acts as, or undefined for an API key (which may act for any of its agents). */
export const actingAgentId = (auth: AuthContext) =>
  auth.credential.kind === "jwt" ? auth.credential.agentId : undefined;
