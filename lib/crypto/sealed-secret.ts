import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { secretsKey, secretsKeyring, type TSecretsKey } from "./secrets-key";

/**
 * A secret as stored: `v1.<keyId>.<iv>.<ciphertext+tag>` (base64url), AES-256-GCM. The version,
 * the key id and the value's context (its table, column and row) are the additional
 * authenticated data, so a sealed value copied into another row or column does not open.
 */
export const sealedPattern = "^v1\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{22,}$";

const sealedRegExp = new RegExp(sealedPattern);
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SealedSecretError extends Error {
  constructor(context: string, why: string) {
    super(`The stored secret ${context} ${why}.`);
    this.name = "SealedSecretError";
  }
}

export function isSealed(value: string): boolean {
  return sealedRegExp.test(value);
}

const aadOf = (keyId: string, context: string) => Buffer.from(`v1.${keyId}.${context}`, "utf8");

export function seal(plaintext: string, context: string, key: TSecretsKey = secretsKey()): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv);
  cipher.setAAD(aadOf(key.id, context));
  const data = Buffer.concat([
    cipher.update(plaintext, "utf8"),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return ["v1", key.id, iv.toString("base64url"), data.toString("base64url")].join(".");
}

/** The id of the key a sealed value was sealed under. */
export const sealedKeyId = (sealed: string): string => sealed.split(".")[1] ?? "";

/**
 * The plaintext of a value `seal` made for the same context, under any key of `keys` (by
 * default the configured key and SECRETS_DECRYPTION_KEYS); anything else throws.
 */
export function open(
  sealed: string,
  context: string,
  keys: TSecretsKey | readonly TSecretsKey[] = secretsKeyring(),
): string {
  if (!isSealed(sealed)) throw new SealedSecretError(context, "is not sealed");
  const [, keyId, iv, data] = sealed.split(".") as [string, string, string, string];
  const keyring = Array.isArray(keys) ? keys : [keys as TSecretsKey];
  const key = keyring.find((candidate) => candidate.id === keyId);
  if (!key) {
    throw new SealedSecretError(
      context,
      `was sealed under key ${keyId}, which is neither the configured key ${keyring[0]?.id} nor one of SECRETS_DECRYPTION_KEYS (was SECRETS_ENCRYPTION_KEY or DATA_DIR changed?)`,
    );
  }
  const bytes = Buffer.from(data, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"));
  decipher.setAAD(aadOf(keyId, context));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  try {
    const text = decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES));
    return Buffer.concat([text, decipher.final()]).toString("utf8");
  } catch {
    throw new SealedSecretError(context, "does not open: it was altered or belongs elsewhere");
  }
}
