import { fromBase64, toBase64 } from "@/lib/attest/bytes";

const whsecPrefix = "whsec_";
const minPlainLength = 24;
const maxPlainLength = 256;
const minKeyBytes = 24;
const maxKeyBytes = 64;
const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
const controlPattern = /[\u0000-\u001f\u007f]/;

export type TDecodedSecret =
  | { ok: true; key: Uint8Array<ArrayBuffer> }
  | { ok: false; message: string };

/**
 * The HMAC key of a signing secret (the SDK's webhook verifier decodes with it too, so it uses
 * no Node-only API): `whsec_<base64>` is its decoded bytes (24 to 64, as the
 * Standard Webhooks specification recommends); any other secret of at least 24 characters is
 * its UTF-8 bytes.
 */
export function decodeWebhookSecret(secret: string): TDecodedSecret {
  if (secret.startsWith(whsecPrefix)) {
    const encoded = secret.slice(whsecPrefix.length);
    if (encoded === "" || !base64Pattern.test(encoded)) {
      return {
        ok: false,
        message: `a secret starting with "${whsecPrefix}" must continue with standard base64 (A-Z, a-z, 0-9, +, /, = padding)`,
      };
    }
    const key = fromBase64(encoded);
    if (key.length < minKeyBytes || key.length > maxKeyBytes) {
      return {
        ok: false,
        message: `a "${whsecPrefix}" secret must decode to ${minKeyBytes} to ${maxKeyBytes} bytes (got ${key.length})`,
      };
    }
    return { ok: true, key };
  }
  const length = [...secret].length;
  if (length < minPlainLength) {
    return {
      ok: false,
      message: `secret must be at least ${minPlainLength} characters long, or "${whsecPrefix}" followed by base64 of at least ${minKeyBytes} bytes`,
    };
  }
  if (length > maxPlainLength) {
    return { ok: false, message: `secret must be at most ${maxPlainLength} characters long` };
  }
  if (controlPattern.test(secret)) {
    return { ok: false, message: "secret must not contain control characters" };
  }
  if (secret.trim() !== secret) {
    return { ok: false, message: "secret must not start or end with whitespace" };
  }
  return { ok: true, key: new TextEncoder().encode(secret) };
}

/** The key bytes of a secret already validated; throws on an invalid one (a programming error). */
export function webhookSecretKey(secret: string): Uint8Array {
  const decoded = decodeWebhookSecret(secret);
  if (!decoded.ok) {
    throw new Error(`invalid webhook secret: ${decoded.message}`);
  }
  return decoded.key;
}

/** A new `whsec_` secret of 32 random bytes, for a receiver that did not choose its own. */
export function generateWebhookSecret(): string {
  return `${whsecPrefix}${toBase64(crypto.getRandomValues(new Uint8Array(32)))}`;
}
