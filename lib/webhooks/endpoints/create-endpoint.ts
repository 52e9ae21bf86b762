import { eq } from "drizzle-orm";
import { db } from "@/db/client";
import { organizations, webhookEndpoints } from "@/db/schema";
import { conflict } from "@/lib/http/api-error";
import { newId } from "@/lib/ids";
import { vetWebhookUrl } from "@/lib/webhooks/url-safety/vet-url";
import { sealEndpointSecret } from "./endpoint-secrets";
import { presentCreatedEndpoint } from "./present-endpoint";
import type { TCreateWebhookBody } from "./schemas";
import { ownedEndpoints, type Tenant } from "./visibility";

export const urlTaken = (existingId: string) =>
  conflict(
    `A webhook endpoint is already registered for this URL (${existingId}); update that one instead.`,
    "url",
  );

/** Bounds the deliveries one event fans out to, which are written with the change that emits it. */
export const maxEndpointsPerEnvironment = 100;

/**
 * Registers an endpoint; one endpoint per URL in an organization's environment, and at most
 * `maxEndpointsPerEnvironment` of them (409 otherwise). Creations in one organization take turns
 * on its row, so concurrent ones cannot pass the bound together.
 */
export async function createWebhookEndpoint({
  tenant,
  input,
}: {
  tenant: Tenant;
  input: TCreateWebhookBody;
}) {
  const url = await vetWebhookUrl({ url: input.url, environment: tenant.environment });
  return db.transaction(async (tx) => {
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, tenant.organizationId))
      .for("no key update");
    const existing = await tx
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(ownedEndpoints(tenant));
    const sameUrl = existing.find((endpoint) => endpoint.url === url);
    if (sameUrl) throw urlTaken(sameUrl.id);
    if (existing.length >= maxEndpointsPerEnvironment) {
      throw conflict(
        `This environment already has ${maxEndpointsPerEnvironment} webhook endpoints, the most it may have; delete one, or subscribe an existing one to more events.`,
      );
    }
    const id = newId("webhook");
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        organizationId: tenant.organizationId,
        environment: tenant.environment,
        url,
        events: input.events,
        secret: sealEndpointSecret(id, input.secret),
        description: input.description ?? null,
      })
      .returning();
    return presentCreatedEndpoint(row!);
  });
}
