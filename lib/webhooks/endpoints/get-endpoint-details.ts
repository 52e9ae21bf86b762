import { endpointStats } from "./endpoint-stats";
import { getWebhookEndpointOrThrow } from "./get-endpoint";
import { presentEndpoint } from "./present-endpoint";
import type { Tenant } from "./visibility";

/** GET /v1/webhooks/:id: the endpoint with its delivery statistics. */
export async function getWebhookEndpointDetails({
  tenant,
  endpointId,
}: {
  tenant: Tenant;
  endpointId: string;
}) {
  const endpoint = await getWebhookEndpointOrThrow({ tenant, endpointId });
  const stats = await endpointStats([endpoint.id]);
  return presentEndpoint(endpoint, stats.get(endpoint.id)!);
}
