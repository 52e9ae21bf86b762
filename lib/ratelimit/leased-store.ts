import type { TRateLimitStore, TTokenBucketInput, TWindowResult } from "./store";

/** How long tokens taken ahead stay this process's to hand out before it asks the store again. */
export const LEASE_MS = 1_000;
const MAX_IDENTITIES = 10_000;

type TLease = {
  /** Tokens taken from the store and not yet handed out. */
  held: number;
  /** The store's remaining tokens after the last take. */
  remaining: number;
  reset: number;
  takenAt: number;
  renewing?: Promise<TWindowResult>;
};

/**
 * Lets a bucket asked with `lease` > 1 take that many tokens from the shared store at once and
 * hand them out in this process, so a busy identity costs the store one call per lease rather
 * than one per request. Each answer reports what the store would have said had every request
 * asked it: the store's remaining tokens plus those still held here. A token is handed out only
 * after the store granted it and at most LEASE_MS later; tokens not handed out by then are
 * dropped, never given back (a full bucket would not take them). So an identity never gets more
 * than its bucket, and is at worst refused early by what other processes hold, at most a lease
 * each (or, after a refused lease, by the fewer tokens left until the next refill, which
 * @upstash/ratelimit's cache of refused identities holds back). Near an empty bucket the store
 * is asked on every request.
 */
export function withLeases(store: TRateLimitStore, now: () => number = Date.now): TRateLimitStore {
  const leases = new Map<string, TLease>();

  // Bounds the memory: leases past LEASE_MS go first, then, if that is not enough, every lease
  // not being renewed (their held tokens are given up, which only ever refuses early).
  function makeRoom(at: number) {
    for (const [key, lease] of leases) {
      if (!lease.renewing && at - lease.takenAt >= LEASE_MS) leases.delete(key);
    }
    if (leases.size < MAX_IDENTITIES) return;
    for (const [key, lease] of leases) if (!lease.renewing) leases.delete(key);
  }

  /** The identity's lease, a new empty one (asked exactly first) when it has none. */
  function leaseFor(key: string): TLease {
    let lease = leases.get(key);
    if (!lease) {
      if (leases.size >= MAX_IDENTITIES) makeRoom(now());
      lease = { held: 0, remaining: 0, reset: 0, takenAt: 0 };
      leases.set(key, lease);
    }
    return lease;
  }

  /**
   * Asks the store for this request's token, plus `size - 1` to hold when the bucket had room for
   * two leases at the last take; tokens still held from an older lease are dropped.
   */
  async function renew(input: TTokenBucketInput, size: number, lease: TLease) {
    const wanted = lease.remaining >= 2 * size ? size - 1 : 0;
    let result = await store.tokenBucket({ ...input, rate: wanted + 1 });
    lease.held = result.success ? wanted : 0;
    if (!result.success && wanted > 0) {
      result = await store.tokenBucket({ ...input, rate: 1 });
    }
    lease.remaining = result.remaining;
    lease.reset = result.reset;
    lease.takenAt = now();
    return result.success ? { ...result, remaining: result.remaining + lease.held } : result;
  }

  async function tokenBucket(input: TTokenBucketInput): Promise<TWindowResult> {
    const size = input.lease ?? 1;
    if (size <= 1 || input.rate !== undefined) return store.tokenBucket(input);
    for (;;) {
      const lease = leaseFor(input.key);
      if (lease.renewing) {
        await lease.renewing.catch(() => {});
        continue;
      }
      if (lease.held > 0 && now() - lease.takenAt < LEASE_MS) {
        lease.held--;
        return { success: true, remaining: lease.remaining + lease.held, reset: lease.reset };
      }
      lease.renewing = renew(input, size, lease);
      try {
        return await lease.renewing;
      } finally {
        lease.renewing = undefined;
      }
    }
  }

  return { ...store, tokenBucket };
}
