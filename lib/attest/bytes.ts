import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from "@noble/hashes/utils";

/*
 * Byte helpers that run the same in Node, Deno, Bun and browsers (no Buffer), so that the
 * receipt verifier can ship in the SDK unchanged.
 */

export { bytesToHex, concatBytes, hexToBytes, utf8ToBytes };

export const toBase64 = (bytes: Uint8Array): string => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/** Standard base64 to bytes; the caller checks the alphabet first (atob throws on others). */
export const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(text);
  // A plain loop: Uint8Array.from(binary, mapper) iterates the string and calls the mapper per
  // byte, several times slower on every JWS and signature a verification decodes.
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

export const toBase64Url = (bytes: Uint8Array): string =>
  toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export const fromBase64Url = (text: string): Uint8Array =>
  fromBase64(
    text
      .replace(/-/g, "+")
      .replace(/_/g, "/")
      .padEnd(Math.ceil(text.length / 4) * 4, "="),
  );

export const equalBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);
