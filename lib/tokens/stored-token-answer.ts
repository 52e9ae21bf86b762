import { decodeJwt, type JWTPayload } from "jose";
import type { TStoredAnswer } from "@/lib/http/operation";
import type { TAgentToken } from "./schemas";
import { signTokenClaims } from "./sign-token";

type TSealedToken = Omit<TAgentToken, "token"> & { token: JWTPayload };

/**
 * What an Idempotency-Key record keeps of an issued token: its claims in the token's place, since
 * a token authenticates and is never stored. A replay signs the same claims again: the very same
 * token (RS256 signatures are deterministic), or after a signing key rotation the same claims,
 * `jti` included, under the new key.
 */
export const storedTokenAnswer: TStoredAnswer = {
  seal: (answer) => {
    const issued = answer as TAgentToken;
    return { ...issued, token: decodeJwt(issued.token) } satisfies TSealedToken;
  },
  unseal: async (stored) => {
    const sealed = stored as TSealedToken;
    return { ...sealed, token: await signTokenClaims(sealed.token) } satisfies TAgentToken;
  },
};
