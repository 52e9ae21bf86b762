import {
  importAgentPublicKey,
  publicMembersOf,
  type TAgentPublicJwk,
  verifyParamsOf,
} from "./agent-public-key";

type TNativeVerify = (
  algorithm: string | null,
  data: Uint8Array,
  key: { key: TAgentPublicJwk; format: "jwk"; dsaEncoding: "ieee-p1363" },
  signature: Uint8Array,
) => boolean;
type TNativeCreatePublicKey = (key: { key: TAgentPublicJwk; format: "jwk" }) => unknown;
type TProcess = {
  getBuiltinModule?: (
    id: string,
  ) => { verify?: TNativeVerify; createPublicKey?: TNativeCreatePublicKey } | undefined;
};

// Node, Deno and Bun lend their native verify through process.getBuiltinModule, as for SHA-256
// (hash.ts); browsers get WebCrypto.
const native = (globalThis as { process?: TProcess }).process?.getBuiltinModule?.("node:crypto");

/** Thrown when the key itself cannot be used: not a point of its curve, wrong length. */
export class InvalidPublicKey extends Error {}

/**
 * Whether `signature` (JWS's raw form: 64 bytes for Ed25519, r ‖ s for P-256) over `data`
 * verifies with the public key `jwk`; throws InvalidPublicKey when the key is not a valid one.
 * Where the runtime has a native verify, it is used: synchronous, with no key import and no
 * hop to WebCrypto's thread pool (docs/architecture.md, infrastructure mechanisms).
 */
export async function verifySignature({
  jwk,
  signature,
  data,
}: {
  jwk: TAgentPublicJwk;
  signature: Uint8Array;
  data: Uint8Array;
}): Promise<boolean> {
  const key = publicMembersOf(jwk);
  if (native?.verify && native.createPublicKey) {
    try {
      const digest = key.kty === "OKP" ? null : "sha256";
      return native.verify(
        digest,
        data,
        { key, format: "jwk", dsaEncoding: "ieee-p1363" },
        signature,
      );
    } catch (error) {
      // A signature of the wrong length can throw too: only a key that cannot be read is invalid.
      try {
        native.createPublicKey({ key, format: "jwk" });
      } catch {
        throw new InvalidPublicKey((error as Error).message);
      }
      return false;
    }
  }
  let imported: CryptoKey;
  try {
    imported = await importAgentPublicKey(key);
  } catch (error) {
    throw new InvalidPublicKey((error as Error).message);
  }
  return crypto.subtle.verify(
    verifyParamsOf(key),
    imported,
    signature as Uint8Array<ArrayBuffer>,
    data as Uint8Array<ArrayBuffer>,
  );
}
