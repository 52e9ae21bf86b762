import { sha256 as sha256Bytes } from "@noble/hashes/sha2";
import { bytesToHex, hexToBytes, utf8ToBytes } from "./bytes";

export type THashInput = string | Uint8Array;

/** `0x` followed by 64 lowercase hex digits: the public spelling of every SHA-256 value. */
export const HASH_HEX_PATTERN = /^0x[0-9a-f]{64}$/;

export const ZERO_HASH_HEX = `0x${"0".repeat(64)}`;

type TNativeHash = {
  (algorithm: "sha256", data: THashInput, encoding: "buffer"): Uint8Array;
  (algorithm: "sha256", data: THashInput, encoding: "hex"): string;
};
type TProcess = { getBuiltinModule?: (id: string) => { hash?: TNativeHash } | undefined };

// Node, Deno and Bun lend their native SHA-256 through process.getBuiltinModule, which no
// bundler resolves at build time; browsers get the portable one.
const nativeHash = (globalThis as { process?: TProcess }).process?.getBuiltinModule?.(
  "node:crypto",
)?.hash;

/** SHA-256 digest as raw bytes. Strings are hashed as their UTF-8 bytes. */
export const sha256: (data: THashInput) => Uint8Array = nativeHash
  ? (data) => nativeHash("sha256", data, "buffer")
  : (data) => sha256Bytes(typeof data === "string" ? utf8ToBytes(data) : data);

/**
 * SHA-256 digest as `0x`-prefixed lowercase hex. Strings are hashed as their UTF-8 bytes. The
 * native hash spells hex itself, which costs less than returning bytes.
 */
export const sha256Hex: (data: THashInput) => string = nativeHash
  ? (data) => `0x${nativeHash("sha256", data, "hex")}`
  : (data) => toHashHex(sha256(data));

export const toHashHex = (digest: Uint8Array): string => `0x${bytesToHex(digest)}`;

export const isHashHex = (value: string): boolean => HASH_HEX_PATTERN.test(value);

/** Raw 32 bytes of a `0x`-prefixed SHA-256 hex string; throws on any other spelling. */
export const fromHashHex = (value: string): Uint8Array => {
  if (!HASH_HEX_PATTERN.test(value)) throw new Error(`not a 0x-prefixed SHA-256 hex: ${value}`);
  return hexToBytes(value.slice(2));
};
