import { eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { fanOutEvents } from "@/lib/events/fan-out";
import { getEventOrThrow } from "@/lib/events/get-event";
import { allEvents } from "@/lib/events/types";
import { conflict, invalid } from "@/lib/http/api-error";
import { getWebhookEndpointOrThrow } from "@/lib/webhooks/endpoints/get-endpoint";
import { ZWebhookId } from "@/lib/webhooks/endpoints/schemas";
import { presentDelivery } from "./present-delivery";

export const ZResendEventBody = z
  .strictObject({
    webhookId: ZWebhookId.meta({
      description: "The endpoint to send the event to; it must subscribe to the event's type.",
    }),
  })
  .meta({ id: "ResendEventBody" });

/**
 * Sends an event again to one endpoint of the organization that subscribes to its type: a new
 * delivery on a fresh retry schedule, beside the ones the event already had. The receiver gets
 * the same event (same id and `webhook-id`), so one that deduplicates by id ignores it.
 * Answers the new delivery.
 */
export async function resendEvent({
  tenant,
  eventId,
  webhookId,
}: {
  tenant: TTenant;
  eventId: string;
  webhookId: string;
}) {
  const event = await getEventOrThrow({ tenant, eventId });
  return db.transaction(async (tx) => {
    const endpoint = await getWebhookEndpointOrThrow(
      { tenant, endpointId: webhookId, forUpdate: true },
      tx,
    );
    if (endpoint.status === "disabled") {
      throw conflict("The endpoint is disabled; set its status to active first.", "webhookId");
    }
    if (!endpoint.events.includes(allEvents) && !endpoint.events.includes(event.type)) {
      throw invalid(
        `Invalid 'webhookId': the endpoint does not subscribe to "${event.type}".`,
        "webhookId",
      );
    }
    const [deliveryId] = await fanOutEvents(tx, [{ event, endpointIds: [endpoint.id] }]);
    const [delivery] = await tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId!));
    return presentDelivery(delivery!);
  });
}
