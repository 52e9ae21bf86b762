import {
  concatBytes,
  fromBase64,
  fromBase64Url,
  toBase64,
  toBase64Url,
  utf8ToBytes,
} from "./bytes";
import { canonicalJson } from "./canonical";
import { fromHashHex, sha256, toHashHex } from "./hash";
import type { TJwk, TJwks, TTreeHead } from "./schemas";
import { InvalidPublicKey, verifySignature } from "./verify-signature";

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
  return `${origin}\n${treeSize}\n${toBase64(fromHashHex(rootHash))}\n`;
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
  const rootBytes = fromBase64(root);
  if (rootBytes.length !== 32 || toBase64(rootBytes) !== root) {
    throw new Error("bad checkpoint root");
  }
  return { origin, treeSize, rootHash: toHashHex(rootBytes) };
};

/** RFC 7638 thumbprint (base64url SHA-256 of the required members) of an Ed25519 JWK. */
export const ed25519Thumbprint = (x: string): string =>
  toBase64Url(sha256(canonicalJson({ crv: "Ed25519", kty: "OKP", x })));

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

export type TTreeHeadVerification = { ok: true } | { ok: false; detail: string };

/** Checks a tree head's Ed25519 signature, in any JavaScript runtime (verifySignature). */
export const verifyTreeHeadWithKey = async ({
  treeHead,
  x,
}: {
  treeHead: TTreeHead;
  x: string;
}): Promise<TTreeHeadVerification> => {
  let text: string;
  try {
    text = formatCheckpoint(treeHead);
  } catch (error) {
    return { ok: false, detail: `key ${treeHead.keyId}: ${(error as Error).message}` };
  }
  const signature = fromBase64(treeHead.signature);
  if (signature.length !== SIGNATURE_LENGTH) {
    return { ok: false, detail: "signature is not a 64-byte Ed25519 signature" };
  }
  let valid: boolean;
  try {
    valid = await verifySignature({
      jwk: { kty: "OKP", crv: "Ed25519", x },
      signature,
      data: utf8ToBytes(text),
    });
  } catch (error) {
    if (!(error instanceof InvalidPublicKey)) throw error;
    return { ok: false, detail: `key ${treeHead.keyId}: ${error.message}` };
  }
  if (!valid) {
    return { ok: false, detail: `tree head signature does not verify with key ${treeHead.keyId}` };
  }
  return { ok: true };
};

export const verifyTreeHead = async ({
  treeHead,
  jwks,
}: {
  treeHead: TTreeHead;
  jwks: TJwks;
}): Promise<TTreeHeadVerification> => {
  const jwk = findTreeHeadKey({ jwks, kid: treeHead.keyId });
  if (!jwk) return { ok: false, detail: `no Ed25519 key ${treeHead.keyId} in the JWKS` };
  return verifyTreeHeadWithKey({ treeHead, x: jwk.x });
};

/** C2SP signed-note key ID: SHA-256(key name ‖ 0x0A ‖ 0x01 ‖ 32-byte public key)[:4]. */
export const noteKeyId = ({ keyName, x }: { keyName: string; x: string }): Uint8Array =>
  sha256(
    concatBytes(utf8ToBytes(`${keyName}\n`), new Uint8Array([0x01]), fromBase64Url(x)),
  ).subarray(0, 4);

/**
 * The signed-note verifier key ("vkey") of a tree-head key, `<name>+<key ID, hex>+base64(0x01 ‖
 * public key)`: what Go's golang.org/x/mod/sumdb/note.NewVerifier and other note tools take.
 */
export const formatNoteVerifierKey = ({ keyName, x }: { keyName: string; x: string }): string => {
  const hexId = Array.from(noteKeyId({ keyName, x }), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
  return `${keyName}+${hexId}+${toBase64(concatBytes(new Uint8Array([0x01]), fromBase64Url(x)))}`;
};

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
  const line = noteSignatureLine({ keyName, x: publicJwk.x, signature: treeHead.signature });
  return `${formatCheckpoint(treeHead)}\n${line}\n`;
};

/** One signed-note signature line, `— <key name> base64(key ID ‖ signature)`, without its newline. */
export const noteSignatureLine = ({
  keyName,
  x,
  signature,
}: {
  keyName: string;
  x: string;
  /** The Ed25519 signature, standard base64. */
  signature: string;
}): string => {
  if (!/^[^\s+]+$/u.test(keyName)) throw new Error("key name must have no spaces or '+'");
  const bytes = concatBytes(noteKeyId({ keyName, x }), fromBase64(signature));
  return `\u2014 ${keyName} ${toBase64(bytes)}`;
};
