import { inArray } from "drizzle-orm";
import type { TTransaction } from "@/db/client";
import { type TWebhookDeliveryRow, webhookDeliveries } from "@/db/schema";
import { deliveryRequested, type TDeliveryRequested } from "@/lib/events/jobs";
import { enqueueJobs } from "@/lib/jobs/enqueue-job";

/**
 * Puts deliveries back to pending (finished ones, or pending ones whose run stopped), due now,
 * and enqueues their sending on a fresh retry schedule, in the caller's transaction (which holds
 * them locked); attempt numbers continue.
 */
export async function requeueDeliveries(
  tx: TTransaction,
  deliveries: readonly Pick<TWebhookDeliveryRow, "id" | "endpointId" | "attempts">[],
): Promise<TWebhookDeliveryRow[]> {
  if (deliveries.length === 0) return [];
  const now = new Date();
  const updated = await tx
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: now, deliveredAt: null, updatedAt: now })
    .where(
      inArray(
        webhookDeliveries.id,
        deliveries.map((delivery) => delivery.id),
      ),
    )
    .returning();
  await enqueueJobs(
    tx,
    deliveries.map((delivery) => {
      const data: TDeliveryRequested = {
        deliveryId: delivery.id,
        endpointId: delivery.endpointId,
        firstAttempt: delivery.attempts + 1,
      };
      return { name: deliveryRequested, data };
    }),
  );
  return updated;
}
