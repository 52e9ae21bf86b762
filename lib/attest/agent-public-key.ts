import { z } from "zod";
import { toBase64Url } from "./bytes";
import { canonicalJson } from "./canonical";
import { sha256 } from "./hash";

/*
 * The public keys agents sign their agreements with: Ed25519 (JWS `EdDSA`) or P-256 (`ES256`),
 * as JWKs holding public members only. The same rules serve registration on the server and
 * the offline verifier, which re-reads the key each signed evidence record carries.
 */

const ZCoordinate = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be 32 bytes, base64url");

export const ZEd25519PublicJwk = z.strictObject({
  kty: z.literal("OKP"),
  crv: z.literal("Ed25519"),
  x: ZCoordinate,
});

export const ZP256PublicJwk = z.strictObject({
  kty: z.literal("EC"),
  crv: z.literal("P-256"),
  x: ZCoordinate,
  y: ZCoordinate,
});

export const ZAgentPublicJwk = z.union([ZEd25519PublicJwk, ZP256PublicJwk]);
export type TAgentPublicJwk = z.infer<typeof ZAgentPublicJwk>;

export const agentKeyAlgorithms = ["EdDSA", "ES256"] as const;
export type TAgentKeyAlgorithm = (typeof agentKeyAlgorithms)[number];

export const algorithmOf = (jwk: TAgentPublicJwk): TAgentKeyAlgorithm =>
  jwk.kty === "OKP" ? "EdDSA" : "ES256";

/** JWK members that only a private or symmetric key has (RFC 7517, 7518). */
export const privateJwkMembers = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"] as const;

/** The public members only, in a fixed shape: what is stored and what evidence carries. */
export const publicMembersOf = (jwk: TAgentPublicJwk): TAgentPublicJwk =>
  jwk.kty === "OKP"
    ? { kty: "OKP", crv: "Ed25519", x: jwk.x }
    : { kty: "EC", crv: "P-256", x: jwk.x, y: jwk.y };

/** RFC 7638 thumbprint: base64url SHA-256 of the required members in canonical order. */
export const jwkThumbprint = (jwk: TAgentPublicJwk): string =>
  toBase64Url(sha256(canonicalJson(publicMembersOf(jwk))));

const importParams = (jwk: TAgentPublicJwk) =>
  jwk.kty === "OKP" ? { name: "Ed25519" } : { name: "ECDSA", namedCurve: "P-256" };

/** The WebCrypto verification key; rejects when the point is not on the curve. */
export const importAgentPublicKey = (jwk: TAgentPublicJwk): Promise<CryptoKey> =>
  crypto.subtle.importKey("jwk", publicMembersOf(jwk), importParams(jwk), false, ["verify"]);

export const verifyParamsOf = (jwk: TAgentPublicJwk) =>
  jwk.kty === "OKP" ? { name: "Ed25519" } : { name: "ECDSA", hash: "SHA-256" };
