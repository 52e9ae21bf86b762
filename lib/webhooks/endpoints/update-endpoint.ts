import { and, eq, ne } from "drizzle-orm";
import { db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { invalid } from "@/lib/http/api-error";
import { rollOverlaps } from "@/lib/keys/roll-overlaps";
import { vetWebhookUrl } from "@/lib/webhooks/url-safety/vet-url";
import { urlTaken } from "./create-endpoint";
import {
  openEndpointSecret,
  sealEndpointSecret,
  sealPreviousEndpointSecret,
} from "./endpoint-secrets";
import { getWebhookEndpointOrThrow } from "./get-endpoint";
import { presentUpdatedEndpoint } from "./present-endpoint";
import type { TUpdateWebhookBody } from "./schemas";
import { ownedEndpoints, type Tenant } from "./visibility";

/**
 * Changes URL, events, status, description or the signing secret. A new secret does not cut
 * receivers off: the old one keeps signing alongside it for `secretOverlap` (default 24 h).
 */
export async function updateWebhookEndpoint({
  tenant,
  endpointId,
  input,
}: {
  tenant: Tenant;
  endpointId: string;
  input: TUpdateWebhookBody;
}) {
  if (input.secretOverlap !== undefined && input.secret === undefined) {
    throw invalid("'secretOverlap' only applies together with a new 'secret'.", "secretOverlap");
  }
  await getWebhookEndpointOrThrow({ tenant, endpointId });
  const url =
    input.url === undefined
      ? undefined
      : await vetWebhookUrl({ url: input.url, environment: tenant.environment });
  return db.transaction(async (tx) => {
    const current = await getWebhookEndpointOrThrow({ tenant, endpointId, forUpdate: true }, tx);
    if (url !== undefined && url !== current.url) {
      const [taken] = await tx
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            ownedEndpoints(tenant),
            eq(webhookEndpoints.url, url),
            ne(webhookEndpoints.id, endpointId),
          ),
        );
      if (taken) throw urlTaken(taken.id);
    }
    const now = new Date();
    const currentSecret = openEndpointSecret(current);
    const rotation =
      input.secret !== undefined && input.secret !== currentSecret
        ? {
            secret: sealEndpointSecret(endpointId, input.secret),
            previousSecret: sealPreviousEndpointSecret(endpointId, currentSecret),
            previousSecretExpiresAt: new Date(
              now.getTime() + rollOverlaps[input.secretOverlap ?? "24h"],
            ),
          }
        : {};
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.status === "active" && current.status === "disabled"
          ? { disabledReason: null, enabledAt: now }
          : {}),
        ...rotation,
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning();
    return presentUpdatedEndpoint(row!);
  });
}
