import { createHash } from "node:crypto";
import { keyPrefixes, type TEnvironment } from "@/lib/environment";
import { randomBase62 } from "@/lib/ids";

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** A new secret with its environment's prefix; 32 base62 characters carry about 190 bits. */
export function generateSecret(environment: TEnvironment) {
  const secret = `${keyPrefixes[environment]}${randomBase62(32)}`;
  return {
    secret,
    hash: hashSecret(secret),
    prefix: secret.slice(0, keyPrefixes[environment].length + 4),
    last4: secret.slice(-4),
  };
}

export const looksLikeApiKey = (credential: string) =>
  /^sk_(test|live)_[0-9A-Za-z]{32}$/.test(credential);

export function environmentOfSecret(secret: string): TEnvironment {
  return secret.startsWith(keyPrefixes.production) ? "production" : "sandbox";
}
