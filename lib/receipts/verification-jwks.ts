import type { Executor } from "@/db/client";
import type { TJwks } from "@/lib/attest";
import { treeHeadPublicJwks } from "./tree-head-public-jwks";

const TTL_MS = 30_000;
let cached: { jwks: TJwks; loadedAt: number } | undefined;

/**
 * The tree-head JWKS the server verifies against, cached per process. Keys are only ever added,
 * so a cached set is never wrong, only short of a key that is newer than it: then it reloads.
 */
/** `executor`: the caller's transaction, so a verification never needs a second connection. */
export async function verificationJwks(executor: Executor, keyId: string): Promise<TJwks> {
  const fresh = cached && Date.now() - cached.loadedAt < TTL_MS;
  if (fresh && cached!.jwks.keys.some((key) => key.kid === keyId)) return cached!.jwks;
  cached = { jwks: { keys: await treeHeadPublicJwks(executor) }, loadedAt: Date.now() };
  return cached.jwks;
}
