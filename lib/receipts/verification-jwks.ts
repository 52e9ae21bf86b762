import type { TJwk, TJwks } from "@/lib/attest";

const TTL_MS = 30_000;
let cached: { jwks: TJwks; loadedAt: number } | undefined;

/**
 * The tree-head JWKS the server verifies against, cached per process. Keys are only ever added,
 * so a cached set is never wrong, only short of a key that is newer than it: then it reloads.
 * `load` reads the keys on the caller's connection, so a verification never needs a second one.
 */
export async function verificationJwks(keyId: string, load: () => Promise<TJwk[]>): Promise<TJwks> {
  const fresh = cached && Date.now() - cached.loadedAt < TTL_MS;
  if (fresh && cached!.jwks.keys.some((key) => key.kid === keyId)) return cached!.jwks;
  cached = { jwks: { keys: await load() }, loadedAt: Date.now() };
  return cached.jwks;
}
