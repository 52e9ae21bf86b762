import { createRateLimitStore, rateLimitConfigFrom } from "./create-store";
import type { RateLimitStore } from "./store";

// One store per process, shared by every bundle Next.js builds (route chunks, instrumentation).
const holder = globalThis as unknown as { __assRateLimitStore?: { store: RateLimitStore | null } };

/** The process's rate-limit backend, chosen once from configuration; null when turned off. */
export function rateLimitStore(): RateLimitStore | null {
  holder.__assRateLimitStore ??= { store: createRateLimitStore(rateLimitConfigFrom()) };
  return holder.__assRateLimitStore.store;
}
