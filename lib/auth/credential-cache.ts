import { credentialCacheTtlMs } from "./credential-cache-ttl";

type TEntry<T> = { value: T; organizationId: string; at: number };

const MAX_ENTRIES = 10_000;

/**
 * What a process looked up about credentials (API keys, agent tokens' subjects), kept for
 * credentialCacheTtlMs and at most MAX_ENTRIES at once (then it starts over), each entry under
 * its organization so that a revocation drops that organization's alone. Held on `globalThis`
 * under `name`, so the bundles Next.js builds for one process share it and a revocation clears
 * every copy.
 */
export function credentialCache<T>(name: string) {
  const holder = globalThis as unknown as Record<string, Map<string, TEntry<T>> | undefined>;
  holder[name] ??= new Map();
  const entries = holder[name];

  /** Drops the entries `drops` picks. */
  const forgetWhere = (drops: (entry: TEntry<T>) => boolean) => {
    for (const [key, entry] of entries) if (drops(entry)) entries.delete(key);
  };

  return {
    get(key: string): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (Date.now() - entry.at > credentialCacheTtlMs()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: string, value: T, organizationId: string): void {
      if (credentialCacheTtlMs() <= 0) return;
      if (entries.size > MAX_ENTRIES) entries.clear();
      entries.set(key, { value, organizationId, at: Date.now() });
    },
    /** Drops the cached values `drops` picks. */
    forget(drops: (value: T) => boolean): void {
      forgetWhere((entry) => drops(entry.value));
    },
    /** Drops the organization's entries, or every entry when no organization is named. */
    forgetOrganization(organizationId?: string): void {
      if (organizationId === undefined) entries.clear();
      else forgetWhere((entry) => entry.organizationId === organizationId);
    },
  };
}
