import { and, eq, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { idempotencyKeys } from "@/db/schema";
import { idempotencyLeaseMs, type TClaimInput } from "./claim";

const claimedBy = (input: TClaimInput) =>
  and(
    eq(idempotencyKeys.organizationId, input.tenant.organizationId),
    eq(idempotencyKeys.environment, input.tenant.environment),
    eq(idempotencyKeys.key, input.key),
    eq(idempotencyKeys.requestHash, input.requestHash),
    isNull(idempotencyKeys.completedAt),
  );

/** Extends the lease of a claimed request that is still running. */
export async function renewIdempotencyLease(input: TClaimInput): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ lockedUntil: new Date(Date.now() + idempotencyLeaseMs()) })
    .where(claimedBy(input));
}

/**
 * Stores the response of a claimed request for replay, or releases the key so that a retry runs
 * again: after a 5xx (our fault, nothing was promised) and after an answer that asks to be retried
 * later (`retryLater`: it carries Retry-After, like a 409 while another call holds the resource).
 */
export async function finishIdempotentRequest(
  input: TClaimInput & { status: number; body: string; retryLater: boolean },
): Promise<void> {
  const claimed = claimedBy(input);
  if (input.status >= 500 || input.retryLater) {
    await db.delete(idempotencyKeys).where(claimed);
    return;
  }
  await db
    .update(idempotencyKeys)
    .set({
      responseStatus: input.status,
      responseBody: input.body,
      completedAt: new Date(),
      lockedUntil: null,
    })
    .where(claimed);
}
