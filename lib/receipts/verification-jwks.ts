import {
  findTreeHeadKey,
  keyWindowCovers,
  type TJwk,
  type TJwks,
  type TTreeHead,
} from "@/lib/attest";

const TTL_MS = 30_000;
let cached: { jwks: TJwks; loadedAt: number } | undefined;

/**
 * The tree-head JWKS the server verifies against, cached per process. Keys are only ever added
 * and windows only grow or close behind the heads they cover, so a cached set is never wrong
 * about a head it covers, only short of a newer key or window: then it reloads. `load` reads the
 * keys on the caller's connection, so a verification never needs a second one.
 */
export async function verificationJwks(
  head: Pick<TTreeHead, "keyId" | "origin" | "treeSize">,
  load: () => Promise<TJwk[]>,
): Promise<TJwks> {
  const fresh = cached && Date.now() - cached.loadedAt < TTL_MS;
  if (fresh) {
    const jwk = findTreeHeadKey({ jwks: cached!.jwks, kid: head.keyId });
    if (jwk && keyWindowCovers(jwk, head)) return cached!.jwks;
  }
  cached = { jwks: { keys: await load() }, loadedAt: Date.now() };
  return cached.jwks;
}
