import { config, setLibraryVariables } from "@/config";

/**
 * next-auth reads its origin from NEXTAUTH_URL, or from the Host header when AUTH_TRUST_HOST is
 * set. With neither NEXTAUTH_URL nor PUBLIC_URL configured this is a local run on whatever port
 * was chosen, so the request's own host is the right origin.
 */
export function configureAuthOrigin(): void {
  const { NEXTAUTH_URL, PUBLIC_URL, AUTH_TRUST_HOST } = config();
  if (NEXTAUTH_URL) return;
  if (PUBLIC_URL) setLibraryVariables({ NEXTAUTH_URL: PUBLIC_URL });
  else if (!AUTH_TRUST_HOST) setLibraryVariables({ AUTH_TRUST_HOST: "1" });
}
