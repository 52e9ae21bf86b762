import { z } from "zod";
import { db } from "@/db/client";
import type { TTenant } from "@/lib/auth/tenant";
import { fanOutEvent } from "@/lib/events/fan-out";
import { getEventOrThrow } from "@/lib/events/get-event";
import { allEvents } from "@/lib/events/types";
import { conflict, invalid } from "@/lib/http/api-error";
import { getWebhookEndpointOrThrow } from "@/lib/webhooks/endpoints/get-endpoint";

export const ZResendEventBody = z.strictObject({ endpointId: z.string().min(1).max(64) });

/**
 * Sends an event again to one endpoint of the organization that subscribes to its type: a new
 * delivery on a fresh retry schedule, beside the ones the event already had. The receiver gets
 * the same event (same id and `webhook-id`), so one that deduplicates by id ignores it.
 */
export async function resendEvent({
  tenant,
  eventId,
  endpointId,
}: {
  tenant: TTenant;
  eventId: string;
  endpointId: string;
}) {
  const event = await getEventOrThrow({ tenant, eventId });
  return db.transaction(async (tx) => {
    const endpoint = await getWebhookEndpointOrThrow({ tenant, endpointId, forUpdate: true }, tx);
    if (endpoint.status === "disabled") {
      throw conflict("The endpoint is disabled; set its status to active first.", "endpointId");
    }
    if (!endpoint.events.includes(allEvents) && !endpoint.events.includes(event.type)) {
      throw invalid(
        `Invalid 'endpointId': the endpoint does not subscribe to "${event.type}".`,
        "endpointId",
      );
    }
    await fanOutEvent(tx, event, [endpoint.id]);
    return { id: event.id, endpointId: endpoint.id, resent: true };
  });
}
