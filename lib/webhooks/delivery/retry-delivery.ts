import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { deliveryRequested, type TDeliveryRequested } from "@/lib/events/jobs";
import { conflict, notFound } from "@/lib/http/api-error";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { getWebhookEndpointOrThrow } from "@/lib/webhooks/endpoints/get-endpoint";
import type { Tenant } from "@/lib/webhooks/endpoints/visibility";
import { presentDelivery } from "./present-delivery";

/**
 * Sends a finished delivery (failed, cancelled, or delivered) again, on a fresh retry schedule;
 * the attempt numbers continue where they stopped.
 */
export async function retryWebhookDelivery({
  tenant,
  endpointId,
  deliveryId,
}: {
  tenant: Tenant;
  endpointId: string;
  deliveryId: string;
}) {
  return db.transaction(async (tx) => {
    const endpoint = await getWebhookEndpointOrThrow({ tenant, endpointId, forUpdate: true }, tx);
    const [delivery] = await tx
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)),
      )
      .for("update");
    if (!delivery) throw notFound("delivery", deliveryId);
    if (delivery.status === "pending") {
      throw conflict("The delivery is still pending; it will be attempted on its schedule.");
    }
    if (endpoint.status === "disabled") {
      throw conflict("The endpoint is disabled; set its status to active first.", "id");
    }
    const now = new Date();
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: now, deliveredAt: null, updatedAt: now })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning();
    const data: TDeliveryRequested = {
      deliveryId,
      endpointId,
      firstAttempt: delivery.attempts + 1,
    };
    await enqueueJob(tx, { name: deliveryRequested, data });
    return presentDelivery(updated!);
  });
}
