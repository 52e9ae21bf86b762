/**
 * next-auth reads its origin from NEXTAUTH_URL, or from the Host header when AUTH_TRUST_HOST is
 * set. With neither NEXTAUTH_URL nor PUBLIC_URL configured this is a local run on whatever port
 * was chosen, so the request's own host is the right origin.
 */
export function configureAuthOrigin(): void {
  if (process.env.NEXTAUTH_URL) return;
  if (process.env.PUBLIC_URL) {
    process.env.NEXTAUTH_URL = process.env.PUBLIC_URL;
    return;
  }
  process.env.AUTH_TRUST_HOST ??= "1";
}
