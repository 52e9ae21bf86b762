export const TOKEN_ALGORITHM = "RS256";
export const DEFAULT_TOKEN_TTL_SECONDS = 3_600;
export const MAX_TOKEN_TTL_SECONDS = 86_400;

/** How long a process keeps signing with the key it loaded before it looks for a newer one. */
export const SIGNING_KEY_CACHE_MS = 30_000;

/**
 * A retired key stays published until the last token it can have signed has expired: the longest
 * TTL, plus the time a process may still sign with it before noticing the rotation.
 */
export const RETIRED_KEY_PUBLICATION_MS = MAX_TOKEN_TTL_SECONDS * 1_000 + 5 * 60_000;
