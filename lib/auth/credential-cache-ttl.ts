import { config } from "@/config";

// One flag per process, shared by every bundle Next.js builds (route chunks, instrumentation).
const holder = globalThis as unknown as { __assHearsRevocations?: boolean };

/**
 * How long a process may answer from memory what it looked up about a credential (an API key, an
 * agent token's subject): API_KEY_CACHE_TTL_MS once it hears every process's revocations
 * (PostgreSQL LISTEN, lib/keys/listen-for-revocations.ts), and not at all before or without that
 * (the embedded database), so that no revocation made elsewhere goes unseen.
 */
export const credentialCacheTtlMs = () =>
  holder.__assHearsRevocations ? config().API_KEY_CACHE_TTL_MS : 0;

/** Called once LISTEN is in place: from then on revocations reach this process as they commit. */
export function hearingRevocations(): void {
  holder.__assHearsRevocations = true;
}
