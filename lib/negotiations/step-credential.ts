import type { TStepCredential } from "@/lib/attest";
import type { TAuthContext } from "@/lib/auth/auth-context";

/** The credential of a call as the transcript names it: ids and scopes, never a secret. */
export const stepCredentialOf = ({ credential, scopes }: TAuthContext): TStepCredential =>
  credential.kind === "api_key"
    ? { kind: "api_key", keyId: credential.keyId }
    : {
        kind: "agent_token",
        tokenId: credential.tokenId,
        keyId: credential.issuerKeyId,
        scopes: [...scopes].sort(),
      };
