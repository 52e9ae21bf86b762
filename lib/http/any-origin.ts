import { allowHeader } from "./respond";

/*
 * The public reads (the attest log's checkpoint, proofs and tiles, and the JWKS) need no
 * credential and reveal nothing about any organization, so any web page may read them: a
 * browser can check a receipt against the log on its own. Every other route stays same-origin,
 * as calling it takes an API key a page must not hold.
 */

const exposedHeaders = [
  "Request-Id",
  "Retry-After",
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
].join(", ");

/** Lets any origin read this response, errors included (a page must see a 404 or a 429 too). */
export function allowAnyOrigin(response: Response): Response {
  response.headers.set("Access-Control-Allow-Origin", "*");
  response.headers.set("Access-Control-Expose-Headers", exposedHeaders);
  return response;
}

/** The answer to a browser's preflight of a public read: any origin, these methods, a day's cache. */
export const anyOriginPreflight = (methods: string[], headers: Record<string, string> = {}) =>
  allowAnyOrigin(
    new Response(null, {
      status: 204,
      headers: {
        ...headers,
        Allow: allowHeader(methods),
        "Access-Control-Allow-Methods": allowHeader(methods),
        "Access-Control-Allow-Headers": "*",
        "Access-Control-Max-Age": "86400",
      },
    }),
  );
