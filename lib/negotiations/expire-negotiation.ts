import { eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { negotiations, type TNegotiationRow } from "@/db/schema";
import { isExpiredButOpen } from "./effective-status";
import { emitNegotiationEvent } from "./emit-negotiation-event";

/**
 * Persists the expiry of a negotiation that is open past its `expiresAt` (locked by the caller)
 * and emits `negotiation.expired`; whoever persists it first emits the event, once.
 */
export async function persistExpiry(
  executor: TExecutor,
  { row, now }: { row: TNegotiationRow; now: Date },
): Promise<TNegotiationRow> {
  if (!isExpiredButOpen(row, now)) return row;
  const [expired] = await executor
    .update(negotiations)
    .set({ status: "expired", closedAt: row.expiresAt, updatedAt: now })
    .where(eq(negotiations.id, row.id))
    .returning();
  await emitNegotiationEvent(executor, { row: expired!, type: "negotiation.expired", now });
  return expired!;
}

/** The expiry job's work: expire the negotiation if it is still open past its expiry. */
export async function expireNegotiation(negotiationId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(negotiations)
      .where(eq(negotiations.id, negotiationId))
      .for("update");
    if (!row) return { negotiationId, status: "missing" as const };
    const after = await persistExpiry(tx, { row, now: new Date() });
    return { negotiationId, status: after.status };
  });
}
