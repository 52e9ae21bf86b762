/**
 * The caller's address as the nearest proxy saw it: the last X-Forwarded-For entry (Next.js
 * fills the header from the socket when no proxy did). Without a proxy in front, a client can
 * choose this value, so deploy behind one that sets the header.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").at(-1)?.trim();
  return last || "unknown";
}
