import type { TWebhookEndpoint } from "@/db/schema";
import {
  openEndpointSecret,
  openPreviousEndpointSecret,
} from "@/lib/webhooks/endpoints/endpoint-secrets";

/** The secrets a delivery is signed with: the current one, and the previous one until it expires. */
export function activeSecrets(
  endpoint: Pick<TWebhookEndpoint, "id" | "secret" | "previousSecret" | "previousSecretExpiresAt">,
  now = new Date(),
): string[] {
  const current = openEndpointSecret(endpoint);
  const previousValid =
    endpoint.previousSecret !== null &&
    endpoint.previousSecretExpiresAt !== null &&
    endpoint.previousSecretExpiresAt > now;
  return previousValid
    ? [current, openPreviousEndpointSecret(endpoint, endpoint.previousSecret!)]
    : [current];
}
