import type { TEnvironment } from "@/lib/environment";
import type { TPlanTier } from "@/lib/orgs/plans";
import type { TScope } from "./scopes";

export type TCredential =
  | { kind: "api_key"; keyId: string }
  | {
      kind: "jwt";
      agentId: string;
      /** The token's `jti`. */
      tokenId: string;
      /** The API key that issued the token, null when none did. */
      issuerKeyId: string | null;
    };

/** Who is calling: resolved once per request by `authenticate`, then passed to domain code. */
export type TAuthContext = {
  organizationId: string;
  environment: TEnvironment;
  plan: TPlanTier;
  scopes: ReadonlySet<TScope>;
  credential: TCredential;
};

/** The agent a JWT acts as, or undefined for an API key (which may act for any of its agents). */
export const actingAgentId = (auth: TAuthContext) =>
  auth.credential.kind === "jwt" ? auth.credential.agentId : undefined;
