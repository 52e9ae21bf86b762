import { and, eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";
import { getWebhookEndpointOrThrow } from "@/lib/webhooks/endpoints/get-endpoint";
import type { Tenant } from "@/lib/webhooks/endpoints/visibility";

/** A delivery of one of the tenant's endpoints; 404 for anyone else's or another endpoint's. */
export async function getWebhookDeliveryOrThrow(
  {
    tenant,
    endpointId,
    deliveryId,
    forUpdate = false,
  }: { tenant: Tenant; endpointId: string; deliveryId: string; forUpdate?: boolean },
  executor: TExecutor = db,
) {
  const endpoint = await getWebhookEndpointOrThrow({ tenant, endpointId, forUpdate }, executor);
  const query = executor
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  const [delivery] = forUpdate ? await query.for("update") : await query;
  if (!delivery) throw notFound("delivery", deliveryId);
  return { endpoint, delivery };
}
