import { createPublicKey, generateKeyPairSync, type KeyObject, sign, verify } from "node:crypto";
import { canonicalJson } from "./canonical";
import { fromHashHex, sha256, toHashHex } from "./hash";
import type { TJwk, TJwks, TTreeHead } from "./schemas";

/*
 * Signed tree heads in the C2SP checkpoint shape (c2sp.org/tlog-checkpoint). The signed text is
 *   <origin>\n<tree size, decimal>\n<root hash, standard base64>\n
 * and `signature` is the standard base64 of the 64-byte Ed25519 signature (RFC 8032) over the
 * UTF-8 bytes of that text. The public key is published as an OKP/Ed25519 JWK found by `kid`.
 * In JSON the root hash is spelled like every other public hash (`0x` + hex); only the signed
 * text uses base64, as C2SP requires.
 */

export type TTreeHeadBody = Pick<TTreeHead, "origin" | "treeSize" | "rootHash">;

export type TEd25519PublicJwk = {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
  kid: string;
  alg: "EdDSA";
  use: "sig";
};

const ORIGIN_PATTERN = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;
const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;
const SIGNATURE_LENGTH = 64;

export const formatCheckpoint = ({ origin, treeSize, rootHash }: TTreeHeadBody): string => {
  if (!ORIGIN_PATTERN.test(origin)) throw new Error("origin must be one printable ASCII line");
  if (!Number.isSafeInteger(treeSize) || treeSize < 0) throw new Error("invalid tree size");
  return `${origin}\n${treeSize}\n${fromHashHex(rootHash).toString("base64")}\n`;
};

/** Parses the first three lines of a checkpoint (extension lines, if any, are ignored). */
export const parseCheckpoint = (text: string): TTreeHeadBody => {
  const [origin, size, root] = text.split("\n");
  if (origin === undefined || !ORIGIN_PATTERN.test(origin))
    throw new Error("bad checkpoint origin");
  if (size === undefined || !/^(0|[1-9][0-9]{0,15})$/.test(size))
    throw new Error("bad checkpoint size");
  const treeSize = Number(size);
  if (!Number.isSafeInteger(treeSize)) throw new Error("bad checkpoint size");
  if (root === undefined || !BASE64_PATTERN.test(root)) throw new Error("bad checkpoint root");
  const rootBytes = Buffer.from(root, "base64");
  if (rootBytes.length !== 32 || rootBytes.toString("base64") !== root) {
    throw new Error("bad checkpoint root");
  }
  return { origin, treeSize, rootHash: toHashHex(rootBytes) };
};

/** RFC 7638 thumbprint (base64url SHA-256 of the required members) of an Ed25519 JWK. */
export const ed25519Thumbprint = (x: string): string =>
  sha256(canonicalJson({ crv: "Ed25519", kty: "OKP", x })).toString("base64url");

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

const isTreeHeadKey = (jwk: TJwk, kid: string) =>
  jwk.kid === kid &&
  jwk.kty === "OKP" &&
  jwk.crv === "Ed25519" &&
  typeof jwk.x === "string" &&
  (jwk.alg === undefined || jwk.alg === "EdDSA") &&
  (jwk.use === undefined || jwk.use === "sig");

/** The Ed25519 JWK of a JWKS with this kid; RS256 token keys beside it are passed over. */
export const findTreeHeadKey = ({ jwks, kid }: { jwks: TJwks; kid: string }) =>
  jwks.keys.find((jwk) => isTreeHeadKey(jwk, kid)) as (TJwk & { x: string }) | undefined;

const publicKeys = new Map<string, KeyObject>();

const publicKeyFor = (x: string): KeyObject => {
  const cached = publicKeys.get(x);
  if (cached) return cached;
  const key = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x }, format: "jwk" });
  if (publicKeys.size >= 256) publicKeys.clear();
  publicKeys.set(x, key);
  return key;
};

export type TTreeHeadVerification = { ok: true } | { ok: false; detail: string };

export const verifyTreeHeadWithKey = ({
  treeHead,
  x,
}: {
  treeHead: TTreeHead;
  x: string;
}): TTreeHeadVerification => {
  let text: string;
  let key: KeyObject;
  try {
    text = formatCheckpoint(treeHead);
    key = publicKeyFor(x);
  } catch (error) {
    return { ok: false, detail: (error as Error).message };
  }
  const signature = Buffer.from(treeHead.signature, "base64");
  if (signature.length !== SIGNATURE_LENGTH) {
    return { ok: false, detail: "signature is not a 64-byte Ed25519 signature" };
  }
  if (!verify(null, Buffer.from(text), key, signature)) {
    return { ok: false, detail: `tree head signature does not verify with key ${treeHead.keyId}` };
  }
  return { ok: true };
};

export const verifyTreeHead = ({
  treeHead,
  jwks,
}: {
  treeHead: TTreeHead;
  jwks: TJwks;
}): TTreeHeadVerification => {
  const jwk = findTreeHeadKey({ jwks, kid: treeHead.keyId });
  if (!jwk) return { ok: false, detail: `no Ed25519 key ${treeHead.keyId} in the JWKS` };
  return verifyTreeHeadWithKey({ treeHead, x: jwk.x });
};

/** C2SP signed-note key ID: SHA-256(key name ‖ 0x0A ‖ 0x01 ‖ 32-byte public key)[:4]. */
export const noteKeyId = ({ keyName, x }: { keyName: string; x: string }): Buffer =>
  sha256(
    Buffer.concat([Buffer.from(`${keyName}\n`), Buffer.from([0x01]), Buffer.from(x, "base64url")]),
  ).subarray(0, 4);

/**
 * The tree head as a C2SP signed note (checkpoint text, blank line, one signature line), for
 * tools that speak the checkpoint format. The key name is the origin unless given.
 */
export const formatSignedNote = ({
  treeHead,
  publicJwk,
  keyName = treeHead.origin,
}: {
  treeHead: TTreeHead;
  publicJwk: Pick<TEd25519PublicJwk, "x">;
  keyName?: string;
}): string => {
  if (!/^[^\s+]+$/u.test(keyName)) throw new Error("key name must have no spaces or '+'");
  const keyId = noteKeyId({ keyName, x: publicJwk.x });
  const signature = Buffer.concat([keyId, Buffer.from(treeHead.signature, "base64")]);
  return `${formatCheckpoint(treeHead)}\n\u2014 ${keyName} ${signature.toString("base64")}\n`;
};
