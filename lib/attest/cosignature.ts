import { concatBytes, equalBytes, fromBase64, toBase64, toBase64Url, utf8ToBytes } from "./bytes";
import { sha256 } from "./hash";
import { verifySignature } from "./verify-signature";

/*
 * Witness cosignatures (c2sp.org/tlog-cosignature, Ed25519 `cosignature/v1`). A witness that
 * checked the log only grew signs
 *   "cosignature/v1\ntime <unix seconds>\n" ‖ <checkpoint body, final newline included>
 * and publishes it as a signed-note line `— <name> base64(key ID ‖ timestamp ‖ signature)`: a
 * 4-byte key ID SHA-256(<name> ‖ 0x0A ‖ 0x04 ‖ public key)[:4], the timestamp as a big-endian
 * u64, the 64-byte Ed25519 signature. Witnesses are configured as signed-note vkeys,
 * `<name>+<hex key ID>+base64(0x04 ‖ public key)`. Verification is WebCrypto, so this runs in
 * any runtime; the engine has no clock, so a timestamp in the future is not refused here.
 */

/** The signature type byte of Ed25519 cosignatures, in key IDs and vkeys. */
const COSIGNATURE_KEY_TYPE = 0x04;

const KEY_NAME_PATTERN = /^[^\s+]+$/u;
const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;
const KEY_ID_LENGTH = 4;
const TIMESTAMP_LENGTH = 8;
const SIGNATURE_LENGTH = 64;
const MAX_TIMESTAMP = 2n ** 63n - 1n;

export type TWitnessKey = {
  /** The vkey as configured. */
  vkey: string;
  name: string;
  keyId: Uint8Array;
  /** The 32-byte Ed25519 public key. */
  publicKey: Uint8Array;
};

export const cosignatureKeyId = ({
  name,
  publicKey,
}: {
  name: string;
  publicKey: Uint8Array;
}): Uint8Array =>
  sha256(
    concatBytes(utf8ToBytes(`${name}\n`), new Uint8Array([COSIGNATURE_KEY_TYPE]), publicKey),
  ).subarray(0, KEY_ID_LENGTH);

export const formatWitnessVkey = ({
  name,
  publicKey,
}: {
  name: string;
  publicKey: Uint8Array;
}): string => {
  if (!KEY_NAME_PATTERN.test(name)) throw new Error("witness name must have no spaces or '+'");
  const keyId = cosignatureKeyId({ name, publicKey });
  const hexId = Array.from(keyId, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${name}+${hexId}+${toBase64(concatBytes(new Uint8Array([COSIGNATURE_KEY_TYPE]), publicKey))}`;
};

/** Reads a witness vkey; throws, saying why, on anything but an Ed25519 cosignature key. */
export const parseWitnessVkey = (vkey: string): TWitnessKey => {
  const parts = vkey.split("+");
  // The base64 key may itself hold '+': the name and the key ID never do.
  const [name, hexId] = parts;
  const encoded = parts.slice(2).join("+");
  if (!name || !KEY_NAME_PATTERN.test(name)) throw new Error(`vkey ${vkey}: bad key name`);
  if (!hexId || !/^[0-9a-f]{8}$/.test(hexId)) throw new Error(`vkey ${vkey}: bad key ID`);
  if (!BASE64_PATTERN.test(encoded) || encoded.length % 4 !== 0) {
    throw new Error(`vkey ${vkey}: key is not base64`);
  }
  const material = fromBase64(encoded);
  if (material[0] !== COSIGNATURE_KEY_TYPE) {
    throw new Error(
      `vkey ${vkey}: type 0x${(material[0] ?? 0).toString(16).padStart(2, "0")} is not an Ed25519 cosignature key (0x04)`,
    );
  }
  const publicKey = material.subarray(1);
  if (publicKey.length !== 32) throw new Error(`vkey ${vkey}: not a 32-byte Ed25519 key`);
  const keyId = cosignatureKeyId({ name, publicKey });
  if (formatWitnessVkey({ name, publicKey }) !== vkey) {
    throw new Error(`vkey ${vkey}: key ID does not match the name and key`);
  }
  return { vkey, name, keyId, publicKey };
};

/** The bytes an Ed25519 witness signs for a checkpoint body at a time (unix seconds). */
export const cosignedMessage = ({
  checkpoint,
  timestamp,
}: {
  checkpoint: string;
  timestamp: bigint;
}): Uint8Array => utf8ToBytes(`cosignature/v1\ntime ${timestamp}\n${checkpoint}`);

export const formatCosignatureLine = ({
  witness,
  timestamp,
  signature,
}: {
  witness: Pick<TWitnessKey, "name" | "keyId">;
  timestamp: bigint;
  signature: Uint8Array;
}): string => {
  const time = new Uint8Array(TIMESTAMP_LENGTH);
  new DataView(time.buffer).setBigUint64(0, timestamp);
  return `\u2014 ${witness.name} ${toBase64(concatBytes(witness.keyId, time, signature))}`;
};

export type TCosignatureLine = {
  name: string;
  keyId: Uint8Array;
  timestamp: bigint;
  signature: Uint8Array;
};

/**
 * A signature line that is a cosignature in shape (76 bytes after the name), or null for any
 * other line: other signers' lines are skipped, as signed notes allow.
 */
export const parseCosignatureLine = (line: string): TCosignatureLine | null => {
  const match = /^\u2014 ([^\s+]+) ([A-Za-z0-9+/]+={0,2})$/u.exec(line);
  // Whole base64 quanta only: atob throws on a truncated one, and a verifier never throws.
  if (!match || (match[2] as string).length % 4 !== 0) return null;
  const bytes = fromBase64(match[2] as string);
  if (bytes.length !== KEY_ID_LENGTH + TIMESTAMP_LENGTH + SIGNATURE_LENGTH) return null;
  const timestamp = new DataView(bytes.buffer).getBigUint64(KEY_ID_LENGTH);
  if (timestamp > MAX_TIMESTAMP) return null;
  return {
    name: match[1] as string,
    keyId: bytes.subarray(0, KEY_ID_LENGTH),
    timestamp,
    signature: bytes.subarray(KEY_ID_LENGTH + TIMESTAMP_LENGTH),
  };
};

/** The configured witness a line names (name and key ID both match), if any. */
export const witnessOf = (
  line: Pick<TCosignatureLine, "name" | "keyId">,
  witnesses: readonly TWitnessKey[],
): TWitnessKey | undefined =>
  witnesses.find((w) => w.name === line.name && equalBytes(w.keyId, line.keyId));

/** Does `line` verify as `witness`'s cosignature of this checkpoint body. */
export const verifyCosignature = async ({
  checkpoint,
  line,
  witness,
}: {
  checkpoint: string;
  line: TCosignatureLine;
  witness: TWitnessKey;
}): Promise<boolean> => {
  return verifySignature({
    jwk: { kty: "OKP", crv: "Ed25519", x: toBase64Url(witness.publicKey) },
    signature: line.signature,
    data: cosignedMessage({ checkpoint, timestamp: line.timestamp }),
  });
};

export type TQuorumVerdict = { ok: boolean; detail: string; cosigners: string[] };

/**
 * Counts the configured witnesses with a valid cosignature of `checkpoint` among `lines` (each
 * witness once, however many lines it has) against `quorum`. Lines of unknown keys are ignored;
 * a line that names a configured witness but does not verify is named in the detail.
 */
export const verifyCosignatureQuorum = async ({
  checkpoint,
  lines,
  witnesses,
  quorum,
}: {
  checkpoint: string;
  lines: readonly string[];
  witnesses: readonly TWitnessKey[];
  quorum: number;
}): Promise<TQuorumVerdict> => {
  const cosigners = new Set<string>();
  const failed = new Set<string>();
  for (const text of lines) {
    const line = parseCosignatureLine(text);
    const witness = line && witnessOf(line, witnesses);
    if (!line || !witness || cosigners.has(witness.vkey)) continue;
    if (await verifyCosignature({ checkpoint, line, witness })) cosigners.add(witness.vkey);
    else failed.add(witness.name);
  }
  const names = witnesses.filter((w) => cosigners.has(w.vkey)).map((w) => w.name);
  const bad = [...failed].filter((name) => !names.includes(name));
  const badNote = bad.length ? `; cosignature of ${bad.join(", ")} does not verify` : "";
  const ok = names.length >= quorum;
  const detail = ok
    ? `${names.length} of ${witnesses.length} witnesses cosigned (quorum ${quorum}): ${names.join(", ")}`
    : `${names.length} valid cosignature${names.length === 1 ? "" : "s"} from configured witnesses${names.length ? ` (${names.join(", ")})` : ""}, quorum is ${quorum}${badNote}`;
  return { ok, detail, cosigners: names };
};
