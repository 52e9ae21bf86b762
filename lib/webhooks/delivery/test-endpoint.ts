import { allEvents, type TEventType } from "@/lib/events/types";
import { ApiError, invalid } from "@/lib/http/api-error";
import { openEndpointSecret } from "@/lib/webhooks/endpoints/endpoint-secrets";
import { getWebhookEndpointOrThrow } from "@/lib/webhooks/endpoints/get-endpoint";
import type { Tenant } from "@/lib/webhooks/endpoints/visibility";
import { activeSecrets } from "./active-secrets";
import { resultOfSend } from "./attempt-result";
import { recordTestDelivery } from "./record-test-delivery";
import { sampleEvent } from "./sample-event";
import { sendWebhook } from "./send";
import { verifyWebhook } from "./signing";

function testEventType(events: string[], requested: TEventType | undefined): TEventType {
  const subscribedToAll = events.includes(allEvents);
  if (requested === undefined) {
    return subscribedToAll ? "settlement.executed" : (events[0] as TEventType);
  }
  if (!subscribedToAll && !events.includes(requested)) {
    throw invalid(
      `Invalid 'eventType': the endpoint does not subscribe to "${requested}" (it subscribes to ${events.join(", ")}).`,
      "eventType",
    );
  }
  return requested;
}

/**
 * Sends a signed sample event synchronously and writes it into the endpoint's delivery log as a
 * test delivery. A 2xx is `delivered`; `signatureValid` checks the signature that was sent
 * against the stored secret with the standard's verification. Any other answer, or none within
 * 10 s, is a 502 that names what the receiver did and the delivery that holds the exchange.
 */
export async function testWebhookEndpoint({
  tenant,
  endpointId,
  eventType,
}: {
  tenant: Tenant;
  endpointId: string;
  eventType: TEventType | undefined;
}) {
  const endpoint = await getWebhookEndpointOrThrow({ tenant, endpointId });
  const type = testEventType(endpoint.events, eventType);
  const sentAt = new Date();
  const event = sampleEvent({ type, environment: tenant.environment, now: sentAt });
  const body = JSON.stringify(event);
  const sent = await sendWebhook({
    url: endpoint.url,
    environment: endpoint.environment,
    id: event.id,
    body,
    secrets: activeSecrets(endpoint, sentAt),
    timestamp: sentAt,
  });
  const deliveryId = await recordTestDelivery({
    ...tenant,
    endpointId: endpoint.id,
    eventType: type,
    startedAt: sentAt,
    result: resultOfSend(sent, body),
  });
  if (!sent.ok) {
    const what =
      sent.status !== undefined
        ? `answered HTTP ${sent.status}`
        : sent.error?.code === "timeout"
          ? "did not answer within 10 seconds"
          : sent.error?.code === "url_refused"
            ? `is refused (${sent.error.message})`
            : // No network detail: it would tell which addresses and ports answer.
              "could not be reached";
    throw new ApiError({
      code: "bad_gateway",
      message: `The test delivery failed: the endpoint ${what}. Delivery ${deliveryId} in the endpoint's delivery log shows the exchange.`,
    });
  }
  const verified = verifyWebhook({
    body,
    headers: sent.signature,
    secrets: [openEndpointSecret(endpoint)],
  });
  return {
    webhookId: endpoint.id,
    testDelivery: {
      id: deliveryId,
      status: "delivered" as const,
      responseCode: sent.status!,
      latency: `${sent.latencyMs}ms`,
      signatureValid: verified.valid,
    },
    sentAt: sentAt.toISOString(),
  };
}
