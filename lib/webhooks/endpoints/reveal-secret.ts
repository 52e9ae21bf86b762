import { openEndpointSecret } from "./endpoint-secrets";
import { getWebhookEndpointOrThrow } from "./get-endpoint";
import type { Tenant } from "./visibility";

/**
 * The endpoint's current signing secret, for the console's Reveal: only this read returns it,
 * so that no other payload (lists, details, logs) ever carries a secret.
 */
export async function revealWebhookSecret({
  tenant,
  endpointId,
}: {
  tenant: Tenant;
  endpointId: string;
}) {
  const endpoint = await getWebhookEndpointOrThrow({ tenant, endpointId });
  return { webhookId: endpoint.id, secret: openEndpointSecret(endpoint) };
}
