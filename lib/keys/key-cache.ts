import { config } from "@/config";
import type { Scope } from "@/lib/auth/scopes";
import type { Environment } from "@/lib/environment";

/** What authentication needs of a key, cached briefly so that most requests skip the database. */
export type CachedKey = {
  id: string;
  organizationId: string;
  environment: Environment;
  scopes: ReadonlySet<Scope>;
  plan: "free" | "pro" | "enterprise";
  expiresAt: Date | null;
  revokedAt: Date | null;
};

const ttlMs = () => config().API_KEY_CACHE_TTL_MS;

// Shared across the bundles of one process, so a revocation clears every copy.
const holder = globalThis as unknown as {
  __assKeyCache?: Map<string, { key: CachedKey; at: number }>;
};
holder.__assKeyCache ??= new Map();
const cache = holder.__assKeyCache;

export function cachedKey(hash: string): CachedKey | undefined {
  const entry = cache.get(hash);
  if (!entry) return undefined;
  if (Date.now() - entry.at > ttlMs()) {
    cache.delete(hash);
    return undefined;
  }
  return entry.key;
}

export function cacheKey(hash: string, key: CachedKey): void {
  if (ttlMs() <= 0) return;
  if (cache.size > 10_000) cache.clear();
  cache.set(hash, { key, at: Date.now() });
}

export function forgetKey(keyId: string): void {
  for (const [hash, entry] of cache) {
    if (entry.key.id === keyId) cache.delete(hash);
  }
}
