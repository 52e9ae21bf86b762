import { type JWTPayload, SignJWT } from "jose";
import { activeSigningKey } from "./active-signing-key";
import { TOKEN_ALGORITHM } from "./token-config";

/** An agent token: the claims signed with the active signing key, named by its `kid`. */
export async function signTokenClaims(claims: JWTPayload): Promise<string> {
  const signingKey = await activeSigningKey();
  return new SignJWT(claims)
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, kid: signingKey.kid, typ: "JWT" })
    .sign(signingKey.privateKey);
}
