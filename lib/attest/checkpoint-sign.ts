import { generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import {
  ed25519Thumbprint,
  formatCheckpoint,
  type TEd25519PublicJwk,
  type TTreeHeadBody,
} from "./checkpoint";
import type { TTreeHead } from "./schemas";

/* Tree-head signing, for the server only: verification (checkpoint.ts) runs anywhere. */

/** A fresh tree-head signing key: the public JWK to publish and the private key as PKCS8 PEM. */
export const generateTreeHeadKeyPair = ({ kid }: { kid?: string } = {}) => {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const { x } = publicKey.export({ format: "jwk" });
  if (!x) throw new Error("Ed25519 public key has no x");
  const publicJwk: TEd25519PublicJwk = {
    kty: "OKP",
    crv: "Ed25519",
    x,
    kid: kid ?? ed25519Thumbprint(x),
    alg: "EdDSA",
    use: "sig",
  };
  const privateKeyPem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
  return { kid: publicJwk.kid, publicJwk, privateKeyPem };
};

export const signTreeHead = ({
  origin,
  treeSize,
  rootHash,
  keyId,
  privateKey,
}: TTreeHeadBody & { keyId: string; privateKey: string | KeyObject }): TTreeHead => {
  const text = formatCheckpoint({ origin, treeSize, rootHash });
  const signature = sign(null, Buffer.from(text), privateKey).toString("base64");
  return { origin, treeSize, rootHash, signature, keyId };
};
