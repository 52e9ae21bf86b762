import { gt, isNull, or } from "drizzle-orm";
import { importJWK, type JWK } from "jose";
import { db } from "@/db/client";
import { jwtSigningKeys } from "@/db/schema";
import { TOKEN_ALGORITHM } from "./token-config";

export type TPublishedKey = { kid: string; jwk: JWK; key: CryptoKey; publishUntil: Date | null };

const CACHE_MS = 60_000;
/** An unknown `kid` reloads the set (a rotation elsewhere), at most this often. */
const RELOAD_ON_MISS_MS = 5_000;

type TCache = { keys: Map<string, TPublishedKey>; loadedAt: number };
const holder = globalThis as unknown as { __assPublishedKeys?: TCache };

const publishedRows = () =>
  db
    .select({ publicJwk: jwtSigningKeys.publicJwk, publishUntil: jwtSigningKeys.publishUntil })
    .from(jwtSigningKeys)
    .where(or(isNull(jwtSigningKeys.publishUntil), gt(jwtSigningKeys.publishUntil, new Date())));

/** Every RS256 public key still published: active keys, and retired ones until `publishUntil`. */
export async function loadPublishedJwks(): Promise<JWK[]> {
  return (await publishedRows()).map((row) => row.publicJwk as JWK);
}

async function reload(): Promise<TCache> {
  const keys = new Map<string, TPublishedKey>();
  for (const row of await publishedRows()) {
    const jwk = row.publicJwk as JWK;
    if (!jwk.kid) continue;
    const key = (await importJWK(jwk, TOKEN_ALGORITHM)) as CryptoKey;
    keys.set(jwk.kid, { kid: jwk.kid, jwk, key, publishUntil: row.publishUntil });
  }
  const cache = { keys, loadedAt: Date.now() };
  holder.__assPublishedKeys = cache;
  return cache;
}

const stillPublished = (key: TPublishedKey | undefined) =>
  key && (key.publishUntil === null || key.publishUntil.getTime() > Date.now()) ? key : undefined;

/**
 * The published key with this `kid`, from an in-process cache of the set; a key whose publish
 * window ends is refused from that moment, not when the cache next reloads.
 */
export async function publishedKey(kid: string): Promise<TPublishedKey | undefined> {
  let cache = holder.__assPublishedKeys;
  const age = cache ? Date.now() - cache.loadedAt : Number.POSITIVE_INFINITY;
  if (!cache || age > CACHE_MS) cache = await reload();
  const found = cache.keys.get(kid);
  if (found || Date.now() - cache.loadedAt < RELOAD_ON_MISS_MS) return stillPublished(found);
  return stillPublished((await reload()).keys.get(kid));
}
