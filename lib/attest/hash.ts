import { hash } from "node:crypto";

export type THashInput = string | Uint8Array;

/** `0x` followed by 64 lowercase hex digits: the public spelling of every SHA-256 value. */
export const HASH_HEX_PATTERN = /^0x[0-9a-f]{64}$/;

export const ZERO_HASH_HEX = `0x${"0".repeat(64)}`;

/** SHA-256 digest as raw bytes. Strings are hashed as their UTF-8 bytes. */
export const sha256 = (data: THashInput): Buffer => hash("sha256", data, "buffer");

/** SHA-256 digest as `0x`-prefixed lowercase hex. Strings are hashed as their UTF-8 bytes. */
export const sha256Hex = (data: THashInput): string => `0x${hash("sha256", data, "hex")}`;

export const toHashHex = (digest: Uint8Array): string =>
  `0x${Buffer.from(digest.buffer, digest.byteOffset, digest.byteLength).toString("hex")}`;

export const isHashHex = (value: string): boolean => HASH_HEX_PATTERN.test(value);

/** Raw 32 bytes of a `0x`-prefixed SHA-256 hex string; throws on any other spelling. */
export const fromHashHex = (value: string): Buffer => {
  if (!HASH_HEX_PATTERN.test(value)) throw new Error(`not a 0x-prefixed SHA-256 hex: ${value}`);
  return Buffer.from(value.slice(2), "hex");
};
