import { eq } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { keyset, toPage } from "@/lib/http/pagination";
import { getWebhookEndpointOrThrow } from "@/lib/webhooks/endpoints/get-endpoint";
import type { ZListDeliveriesQuery } from "@/lib/webhooks/endpoints/schemas";
import type { Tenant } from "@/lib/webhooks/endpoints/visibility";
import { presentDelivery } from "./present-delivery";

/** The delivery log of one endpoint, newest first. */
export async function listWebhookDeliveries({
  tenant,
  endpointId,
  query,
}: {
  tenant: Tenant;
  endpointId: string;
  query: z.output<typeof ZListDeliveriesQuery>;
}) {
  await getWebhookEndpointOrThrow({ tenant, endpointId });
  const page = keyset(webhookDeliveries, query.cursor, [
    eq(webhookDeliveries.endpointId, endpointId),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
    query.eventType ? eq(webhookDeliveries.eventType, query.eventType) : undefined,
  ]);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(page.where)
    .orderBy(...page.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, presentDelivery);
}
