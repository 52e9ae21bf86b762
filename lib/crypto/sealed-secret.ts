import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { secretsKey, type TSecretsKey } from "./secrets-key";

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

/** The plaintext of a value `seal` made for the same context; anything else throws. */
export function open(sealed: string, context: string, key: TSecretsKey = secretsKey()): string {
  if (!isSealed(sealed)) throw new SealedSecretError(context, "is not sealed");
  const [, keyId, iv, data] = sealed.split(".") as [string, string, string, string];
  if (keyId !== key.id) {
    throw new SealedSecretError(
      context,
      `was sealed under key ${keyId}, not the configured key ${key.id} (was SECRETS_ENCRYPTION_KEY or DATA_DIR changed?)`,
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
