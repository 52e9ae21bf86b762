/**
 * The caller's address: start-up rewrites X-Forwarded-For on every request to the one address
 * the socket's peer or a trusted proxy (TRUSTED_PROXIES) vouches for.
 */
export function clientAddress(request: Request): string {
  return request.headers.get("x-forwarded-for")?.trim() || "unknown";
}
