import type { TWebhookEndpoint } from "@/db/schema";

/** The secrets a delivery is signed with: the current one, and the previous one until it expires. */
export function activeSecrets(
  endpoint: Pick<TWebhookEndpoint, "secret" | "previousSecret" | "previousSecretExpiresAt">,
  now = new Date(),
): string[] {
  const previousValid =
    endpoint.previousSecret !== null &&
    endpoint.previousSecretExpiresAt !== null &&
    endpoint.previousSecretExpiresAt > now;
  return previousValid ? [endpoint.secret, endpoint.previousSecret!] : [endpoint.secret];
}
