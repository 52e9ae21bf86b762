import { desc, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { webhookAttempts } from "@/db/schema";
import type { Tenant } from "@/lib/webhooks/endpoints/visibility";
import { getWebhookDeliveryOrThrow } from "./get-delivery";
import { presentAttempt } from "./present-attempt";

/** Enough for every retry schedule a delivery has been through, several manual retries included. */
export const maxListedAttempts = 100;

/** The attempts of one delivery, newest first, each with what was sent and answered. */
export async function listDeliveryAttempts({
  tenant,
  endpointId,
  deliveryId,
}: {
  tenant: Tenant;
  endpointId: string;
  deliveryId: string;
}) {
  await getWebhookDeliveryOrThrow({ tenant, endpointId, deliveryId });
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(desc(webhookAttempts.attempt))
    .limit(maxListedAttempts);
  return { data: rows.map(presentAttempt) };
}
