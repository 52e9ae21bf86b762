import { railTimeoutMs } from "@/lib/rails/call-with-timeout";

/**
 * A reversal claims its settlement (`reversalStartedAt`) before it calls the rail, so the row is
 * not locked during the call and a dispute or a second reversal meanwhile gets 409. A claim
 * older than two rail timeouts belongs to a call that crashed or never returned; a new reversal
 * may take it over (the rail's reversal is idempotent by settlement id, so nothing moves twice).
 */
export const reversalInProgress = (row: { reversalStartedAt: Date | null }, now = Date.now()) =>
  row.reversalStartedAt !== null && now - row.reversalStartedAt.getTime() < 2 * railTimeoutMs();
