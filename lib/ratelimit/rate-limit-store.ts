import { createRateLimitStore, rateLimitConfigFrom } from "./create-store";
import type { TRateLimitStore } from "./store";

// One store per process, shared by every bundle Next.js builds (route chunks, instrumentation).
const holder = globalThis as unknown as { __assRateLimitStore?: { store: TRateLimitStore | null } };

/** The process's rate-limit backend, chosen once from configuration; null when turned off. */
export function rateLimitStore(): TRateLimitStore | null {
  holder.__assRateLimitStore ??= { store: createRateLimitStore(rateLimitConfigFrom()) };
  return holder.__assRateLimitStore.store;
}
