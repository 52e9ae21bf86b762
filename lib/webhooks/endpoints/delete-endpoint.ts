import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { getWebhookEndpointOrThrow } from "./get-endpoint";
import { endpointDeleted } from "./jobs";
import type { Tenant } from "./visibility";

/**
 * Deletes the endpoint and cancels its pending deliveries in one transaction; the deletion
 * event (through the outbox) also cancels the delivery runs that are waiting to retry.
 */
export async function deleteWebhookEndpoint({
  tenant,
  endpointId,
}: {
  tenant: Tenant;
  endpointId: string;
}) {
  return db.transaction(async (tx) => {
    await getWebhookEndpointOrThrow({ tenant, endpointId, forUpdate: true }, tx);
    const deletedAt = new Date();
    await tx
      .update(webhookEndpoints)
      .set({ deletedAt, updatedAt: deletedAt })
      .where(eq(webhookEndpoints.id, endpointId));
    await tx
      .update(webhookDeliveries)
      .set({
        status: "cancelled",
        nextAttemptAt: null,
        lastError: "the endpoint was deleted",
        updatedAt: deletedAt,
      })
      .where(
        and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")),
      );
    await enqueueJob(tx, { name: endpointDeleted, data: { endpointId } });
    return { id: endpointId, deleted: true as const, deletedAt: deletedAt.toISOString() };
  });
}
