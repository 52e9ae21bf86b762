import { config } from "@/config";
import type { TScope } from "@/lib/auth/scopes";
import type { TEnvironment } from "@/lib/environment";

/** What authentication needs of a key, cached briefly so that most requests skip the database. */
export type TCachedKey = {
  id: string;
  organizationId: string;
  environment: TEnvironment;
  scopes: ReadonlySet<TScope>;
  plan: "free" | "pro" | "enterprise";
  expiresAt: Date | null;
  revokedAt: Date | null;
};

const ttlMs = () => config().API_KEY_CACHE_TTL_MS;

// Shared across the bundles of one process, so a revocation clears every copy.
const holder = globalThis as unknown as {
  __assKeyCache?: Map<string, { key: TCachedKey; at: number }>;
};
holder.__assKeyCache ??= new Map();
const cache = holder.__assKeyCache;

export function cachedKey(hash: string): TCachedKey | undefined {
  const entry = cache.get(hash);
  if (!entry) return undefined;
  if (Date.now() - entry.at > ttlMs()) {
    cache.delete(hash);
    return undefined;
  }
  return entry.key;
}

export function cacheKey(hash: string, key: TCachedKey): void {
  if (ttlMs() <= 0) return;
  if (cache.size > 10_000) cache.clear();
  cache.set(hash, { key, at: Date.now() });
}

export function forgetKey(keyId: string): void {
  for (const [hash, entry] of cache) {
    if (entry.key.id === keyId) cache.delete(hash);
  }
}
