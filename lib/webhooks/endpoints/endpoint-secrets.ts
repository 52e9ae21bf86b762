import type { TWebhookEndpoint } from "@/db/schema";
import { open, seal } from "@/lib/crypto/sealed-secret";
import { secretContexts } from "@/lib/crypto/secret-contexts";

/** The signing secret as stored: sealed for this endpoint's row. */
export const sealEndpointSecret = (endpointId: string, secret: string) =>
  seal(secret, secretContexts.webhookSecret(endpointId));

/** The previous signing secret as stored during a rotation's overlap. */
export const sealPreviousEndpointSecret = (endpointId: string, secret: string) =>
  seal(secret, secretContexts.webhookPreviousSecret(endpointId));

export const openEndpointSecret = (endpoint: Pick<TWebhookEndpoint, "id" | "secret">) =>
  open(endpoint.secret, secretContexts.webhookSecret(endpoint.id));

export const openPreviousEndpointSecret = (
  endpoint: Pick<TWebhookEndpoint, "id">,
  sealed: string,
) => open(sealed, secretContexts.webhookPreviousSecret(endpoint.id));
