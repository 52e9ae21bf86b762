import { createHash, randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "@/config";

/** The AES-256 key that seals secrets stored in the database; `id` names it in sealed values. */
export type TSecretsKey = { id: string; key: Buffer };

const KEY_BYTES = 32;
const KEY_FILE = "secrets.key";

/** The id is a digest of the key, so a value sealed under another key is told from a tampered one. */
export function secretsKeyFrom(key: Buffer): TSecretsKey {
  if (key.length !== KEY_BYTES) throw new Error(`a secrets key must be ${KEY_BYTES} bytes`);
  const id = createHash("sha256")
    .update("ass-secrets-key-id\0")
    .update(key)
    .digest("base64url")
    .slice(0, 8);
  return { id, key };
}

const decodeKeyFile = (file: string) => Buffer.from(readFileSync(file, "utf8").trim(), "base64");

/**
 * The key in `<directory>/secrets.key`, generated on first use. The new key is written to a
 * file of its own and then linked into place, which fails if the name exists: processes starting
 * at once each try, one wins, and all read back the winner's complete file.
 */
export function keyFileIn(directory: string): Buffer {
  const file = path.join(directory, KEY_FILE);
  try {
    return decodeKeyFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(directory, { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}`;
  writeFileSync(temporary, `${randomBytes(KEY_BYTES).toString("base64")}\n`, {
    mode: 0o600,
    flag: "wx",
  });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temporary);
  }
  return decodeKeyFile(file);
}

// Resolved here rather than imported from db/embedded, which would bring the embedded database
// into every route that opens a secret.
const dataDir = () => path.resolve(/*turbopackIgnore: true*/ config().DATA_DIR);

type TLoadedKey = { source: string; key: TSecretsKey; keyring: TSecretsKey[] };

// On globalThis, so that every bundle Next.js loads in this process reads the file once.
const holder = globalThis as unknown as { __assSecretsKey?: TLoadedKey };

/** Where the key comes from, for the start-up log: never the key itself. */
export function secretsKeySource(): string {
  return config().SECRETS_ENCRYPTION_KEY
    ? "SECRETS_ENCRYPTION_KEY"
    : path.join(dataDir(), KEY_FILE);
}

/**
 * SECRETS_ENCRYPTION_KEY (required by the configuration with a public origin), or for local use
 * the key file in DATA_DIR. Never stored in the database it protects.
 */
export function secretsKey(): TSecretsKey {
  return loaded().key;
}

/**
 * The keys that open a sealed value: the one that seals (secretsKey) and SECRETS_DECRYPTION_KEYS,
 * which open and never seal, for rotating the key without a moment where a value cannot open.
 */
export function secretsKeyring(): readonly TSecretsKey[] {
  return loaded().keyring;
}

function loaded(): TLoadedKey {
  const settings = config();
  const others = settings.SECRETS_DECRYPTION_KEYS ?? [];
  const source = `${secretsKeySource()}|${others.join(",")}`;
  if (holder.__assSecretsKey?.source !== source) {
    const configured = settings.SECRETS_ENCRYPTION_KEY;
    const key = secretsKeyFrom(
      configured ? Buffer.from(configured, "base64") : keyFileIn(dataDir()),
    );
    const keyring = [key];
    for (const other of others.map((base64) => secretsKeyFrom(Buffer.from(base64, "base64")))) {
      if (!keyring.some((known) => known.id === other.id)) keyring.push(other);
    }
    holder.__assSecretsKey = { source, key, keyring };
  }
  return holder.__assSecretsKey;
}
