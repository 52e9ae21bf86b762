import { and, eq, isNull } from "drizzle-orm";
import { db } from "@/db/client";
import { idempotencyKeys } from "@/db/schema";
import { type ClaimInput, idempotencyLeaseMs } from "./claim";

const claimedBy = (input: ClaimInput) =>
  and(
    eq(idempotencyKeys.organizationId, input.tenant.organizationId),
    eq(idempotencyKeys.environment, input.tenant.environment),
    eq(idempotencyKeys.key, input.key),
    eq(idempotencyKeys.requestHash, input.requestHash),
    isNull(idempotencyKeys.completedAt),
  );

/**
 * Stores the response of a claimed request for replay, or, for a 5xx (our fault, nothing was
 * promised), releases the key so that a retry runs again.
 */
/** Extends the lease of a claimed request that is still running. */
export async function renewIdempotencyLease(input: ClaimInput): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ lockedUntil: new Date(Date.now() + idempotencyLeaseMs()) })
    .where(claimedBy(input));
}

export async function finishIdempotentRequest(
  input: ClaimInput & { status: number; body: string },
): Promise<void> {
  const claimed = claimedBy(input);
  if (input.status >= 500) {
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
