import type { TWebhookDeliveryRow } from "@/db/schema";
import type { TWebhookDelivery } from "@/lib/webhooks/endpoints/schemas";

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function presentDelivery(delivery: TWebhookDeliveryRow): TWebhookDelivery {
  return {
    id: delivery.id,
    webhookId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    test: delivery.test,
    status: delivery.status,
    attempts: delivery.attempts,
    responseCode: delivery.lastResponseCode,
    latency: delivery.lastLatencyMs === null ? null : `${delivery.lastLatencyMs}ms`,
    error: delivery.lastError,
    nextAttemptAt: delivery.status === "pending" ? iso(delivery.nextAttemptAt) : null,
    lastAttemptAt: iso(delivery.lastAttemptAt),
    deliveredAt: iso(delivery.deliveredAt),
    createdAt: delivery.createdAt.toISOString(),
  };
}
