import { and, desc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import type { Tenant } from "@/lib/webhooks/endpoints/visibility";
import { presentDelivery } from "./present-delivery";

/**
 * The deliveries one event caused, one per endpoint it went to, each with its endpoint's URL
 * (deleted endpoints included: the delivery happened).
 */
export async function listEventDeliveries({
  tenant,
  eventId,
}: {
  tenant: Tenant;
  eventId: string;
}) {
  const rows = await db
    .select({ delivery: webhookDeliveries, webhookUrl: webhookEndpoints.url })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(
      and(
        eq(webhookDeliveries.eventId, eventId),
        eq(webhookDeliveries.organizationId, tenant.organizationId),
        eq(webhookDeliveries.environment, tenant.environment),
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  return rows.map(({ delivery, webhookUrl }) => ({ ...presentDelivery(delivery), webhookUrl }));
}
