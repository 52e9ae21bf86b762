import { and, eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { settlements } from "@/db/schema";
import { busy } from "@/lib/http/api-error";
import { railTimeoutMs } from "@/lib/rails/call-with-timeout";
import { emitSettlementEvent } from "./emit-settlement-event";

/**
 * A reversal claims its settlement (`reversalStartedAt`) before it calls the rail, so the row is
 * not locked during the call and a dispute or a second reversal meanwhile gets 409. A claim
 * older than two rail timeouts belongs to a call that crashed or never returned; a new reversal
 * may take it over (the rail's reversal is idempotent by settlement id, so nothing moves twice),
 * and the `complete-reversal` job completes it if nobody does. This is when a claim made at
 * `claimedAt` may be taken over.
 */
export const claimStaleAt = (claimedAt: Date) =>
  new Date(claimedAt.getTime() + 2 * railTimeoutMs());

/**
 * Refuses with 409 and Retry-After while a reversal of `row` holds its claim: until the claim goes
 * stale, or (`untilRecorded`, for disputes) until the reversal is recorded or released.
 */
export function refuseWhileReversing(
  row: { reversalStartedAt: Date | null },
  { message, untilRecorded = false }: { message: string; untilRecorded?: boolean },
) {
  if (row.reversalStartedAt === null) return;
  const staleIn = claimStaleAt(row.reversalStartedAt).getTime() - Date.now();
  if (staleIn <= 0 && !untilRecorded) return;
  throw busy(message, Math.max(1, staleIn / 1000));
}

export const ownClaim = (settlementId: string, claimedAt: Date) =>
  and(
    eq(settlements.id, settlementId),
    eq(settlements.status, "executed"),
    eq(settlements.reversalStartedAt, claimedAt),
  );

/**
 * Records a reversal the rail has made, if the claim is still the one made at `claimedAt`: the
 * settlement becomes `reversed` and `settlement.reversed` is emitted, in the caller's
 * transaction. Undefined when the claim is no longer ours.
 */
export async function recordReversal(
  tx: TExecutor,
  { settlementId, claimedAt, reason }: { settlementId: string; claimedAt: Date; reason?: string },
) {
  const now = new Date();
  const [reversed] = await tx
    .update(settlements)
    .set({
      status: "reversed",
      reason: reason ?? null,
      reversedAt: now,
      updatedAt: now,
      reversalStartedAt: null,
    })
    .where(ownClaim(settlementId, claimedAt))
    .returning();
  if (reversed) await emitSettlementEvent(tx, { row: reversed, type: "settlement.reversed" });
  return reversed;
}

/** Gives up the claim made at `claimedAt` (the rail refused the reversal). */
export async function releaseReversalClaim(
  executor: TExecutor,
  settlementId: string,
  claimedAt: Date,
) {
  await executor
    .update(settlements)
    .set({ reversalStartedAt: null })
    .where(ownClaim(settlementId, claimedAt));
}
