import { gt, isNull, or } from "drizzle-orm";
import { importJWK, type JWK } from "jose";
import { db } from "@/db/client";
import { jwtSigningKeys } from "@/db/schema";
import { TOKEN_ALGORITHM } from "./token-config";

export type PublishedKey = { kid: string; jwk: JWK; key: CryptoKey };

const CACHE_MS = 60_000;
/** An unknown `kid` reloads the set (a rotation elsewhere), at most this often. */
const RELOAD_ON_MISS_MS = 5_000;

type Cache = { keys: Map<string, PublishedKey>; loadedAt: number };
const holder = globalThis as unknown as { __assPublishedKeys?: Cache };

/** Every RS256 public key still published: active keys, and retired ones until `publishUntil`. */
export async function loadPublishedJwks(): Promise<JWK[]> {
  const rows = await db
    .select({ publicJwk: jwtSigningKeys.publicJwk })
    .from(jwtSigningKeys)
    .where(or(isNull(jwtSigningKeys.publishUntil), gt(jwtSigningKeys.publishUntil, new Date())));
  return rows.map((row) => row.publicJwk as JWK);
}

async function reload(): Promise<Cache> {
  const keys = new Map<string, PublishedKey>();
  for (const jwk of await loadPublishedJwks()) {
    if (!jwk.kid) continue;
    const key = (await importJWK(jwk, TOKEN_ALGORITHM)) as CryptoKey;
    keys.set(jwk.kid, { kid: jwk.kid, jwk, key });
  }
  const cache = { keys, loadedAt: Date.now() };
  holder.__assPublishedKeys = cache;
  return cache;
}

/** The published key with this `kid`, from an in-process cache of the set. */
export async function publishedKey(kid: string): Promise<PublishedKey | undefined> {
  let cache = holder.__assPublishedKeys;
  const age = cache ? Date.now() - cache.loadedAt : Number.POSITIVE_INFINITY;
  if (!cache || age > CACHE_MS) cache = await reload();
  const found = cache.keys.get(kid);
  if (found || Date.now() - cache.loadedAt < RELOAD_ON_MISS_MS) return found;
  return (await reload()).keys.get(kid);
}
