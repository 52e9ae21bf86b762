import { credentialCacheTtlMs } from "@/lib/auth/credential-cache-ttl";
import type { TScope } from "@/lib/auth/scopes";
import type { TEnvironment } from "@/lib/environment";

/**
 * What authentication needs of a key, cached briefly so that most requests skip the database.
 * A revocation drops its organization's keys in every process (lib/keys/listen-for-revocations.ts).
 */
export type TCachedKey = {
  id: string;
  organizationId: string;
  environment: TEnvironment;
  scopes: ReadonlySet<TScope>;
  plan: "free" | "pro" | "enterprise";
  expiresAt: Date | null;
  revokedAt: Date | null;
};

// Shared across the bundles of one process, so a revocation clears every copy.
const holder = globalThis as unknown as {
  __assKeyCache?: Map<string, { key: TCachedKey; at: number }>;
};
holder.__assKeyCache ??= new Map();
const cache = holder.__assKeyCache;

export function cachedKey(hash: string): TCachedKey | undefined {
  const entry = cache.get(hash);
  if (!entry) return undefined;
  if (Date.now() - entry.at > credentialCacheTtlMs()) {
    cache.delete(hash);
    return undefined;
  }
  return entry.key;
}

export function cacheKey(hash: string, key: TCachedKey): void {
  if (credentialCacheTtlMs() <= 0) return;
  if (cache.size > 10_000) cache.clear();
  cache.set(hash, { key, at: Date.now() });
}

export function forgetKey(keyId: string): void {
  for (const [hash, entry] of cache) {
    if (entry.key.id === keyId) cache.delete(hash);
  }
}

/** Drops the organization's cached keys, or every cached key when no organization is named. */
export function forgetKeys(organizationId?: string): void {
  if (organizationId === undefined) {
    cache.clear();
    return;
  }
  for (const [hash, entry] of cache) {
    if (entry.key.organizationId === organizationId) cache.delete(hash);
  }
}
