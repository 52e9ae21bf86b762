import { and, asc, eq, lt } from "drizzle-orm";
import { db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { requeueDeliveries } from "./requeue-deliveries";

/**
 * How long past its next attempt a pending delivery must be before it counts as left behind:
 * well beyond a run's own retries (about 5 minutes of backoff), a send's timeout and a busy
 * queue, so that a run still under way is rarely doubled (and a double sends nothing twice).
 */
export const overdueAfterMs = 15 * 60 * 1000;

const batchSize = 1_000;

/**
 * Sends again every pending delivery whose run stopped without closing it (its retries ran out,
 * e.g. while the database was unreachable): each is requeued as a manual retry is, due now and on
 * a fresh schedule, so it is not overdue again until another `overdueAfterMs` passes. A run that
 * was only late and goes on as well is harmless: an attempt is claimed once, by (delivery,
 * attempt). Batch by batch, each its own transaction; returns how many were requeued.
 */
export async function requeueOverdueDeliveries({
  now = new Date(),
}: {
  now?: Date;
} = {}): Promise<number> {
  const overdueSince = new Date(now.getTime() - overdueAfterMs);
  let total = 0;
  for (;;) {
    const requeued = await db.transaction(async (tx) => {
      const overdue = await tx
        .select({
          id: webhookDeliveries.id,
          endpointId: webhookDeliveries.endpointId,
          attempts: webhookDeliveries.attempts,
        })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.status, "pending"),
            lt(webhookDeliveries.nextAttemptAt, overdueSince),
          ),
        )
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(batchSize)
        .for("update", { skipLocked: true });
      return (await requeueDeliveries(tx, overdue)).length;
    });
    total += requeued;
    if (requeued < batchSize) return total;
  }
}
