import { deleteExpiredIdempotencyKeys } from "./cleanup";

const EVERY_MS = 60 * 60 * 1_000;

/** Deletes expired idempotency records hourly in this process (any process may; it is idempotent). */
export function startIdempotencyCleanup(): void {
  const run = () =>
    deleteExpiredIdempotencyKeys().catch((error) =>
      console.warn("could not delete expired idempotency keys", error),
    );
  setTimeout(run, 60_000).unref();
  setInterval(run, EVERY_MS).unref();
}
