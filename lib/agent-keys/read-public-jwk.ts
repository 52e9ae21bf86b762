import {
  importAgentPublicKey,
  privateJwkMembers,
  publicMembersOf,
  type TAgentPublicJwk,
  ZEd25519PublicJwk,
  ZP256PublicJwk,
} from "@/lib/attest";
import { invalid } from "@/lib/http/api-error";

// Members a public JWK may carry that do not change the key; they are not stored.
const ignoredMembers = new Set(["kid", "alg", "use", "key_ops"]);

const curves: Record<string, string[]> = { OKP: ["Ed25519"], EC: ["P-256"] };

/**
 * The public key a registration names, or a 400 that says what is wrong with it: private
 * material, a key type or curve other than Ed25519 and P-256, a bad coordinate, or a point that
 * is not on the curve.
 */
export async function readPublicJwk(jwk: Record<string, unknown>): Promise<TAgentPublicJwk> {
  const secret = privateJwkMembers.find((member) => member in jwk);
  if (secret) {
    throw invalid(
      `The JWK holds private key material ('${secret}'); register the public key only and keep the private key with the agent.`,
      `jwk.${secret}`,
    );
  }
  const { kty, crv } = jwk;
  if (typeof kty !== "string" || !(kty in curves)) {
    throw invalid(
      `Key type ${JSON.stringify(kty)} is not accepted: use Ed25519 (kty OKP) or P-256 (kty EC).`,
      "jwk.kty",
    );
  }
  if (typeof crv !== "string" || !curves[kty]!.includes(crv)) {
    throw invalid(`A ${kty} key must use curve ${curves[kty]!.join(" or ")}.`, "jwk.crv");
  }
  const members = Object.fromEntries(Object.entries(jwk).filter(([k]) => !ignoredMembers.has(k)));
  const schema = kty === "OKP" ? ZEd25519PublicJwk : ZP256PublicJwk;
  const parsed = schema.safeParse(members);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const member = issue?.path[0];
    const param = member === undefined ? "jwk" : `jwk.${String(member)}`;
    throw invalid(`The JWK is not a valid ${crv} public key: ${issue?.message}.`, param);
  }
  const key = publicMembersOf(parsed.data);
  try {
    await importAgentPublicKey(key);
  } catch {
    throw invalid(
      `The JWK is not a valid ${crv} public key: the point is not on the curve.`,
      "jwk",
    );
  }
  return key;
}
