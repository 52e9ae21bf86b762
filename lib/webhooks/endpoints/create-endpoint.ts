import { and, eq, isNull, sql } from "drizzle-orm";
import { db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { conflict } from "@/lib/http/api-error";
import { newId } from "@/lib/ids";
import { vetWebhookUrl } from "@/lib/webhooks/url-safety/vet-url";
import { presentCreatedEndpoint } from "./present-endpoint";
import type { TCreateWebhookBody } from "./schemas";
import type { Tenant } from "./visibility";

export const urlTaken = (existingId: string) =>
  conflict(
    `A webhook endpoint is already registered for this URL (${existingId}); update that one instead.`,
    "url",
  );

/** Registers an endpoint; one endpoint per URL in an organization's environment (409 otherwise). */
export async function createWebhookEndpoint({
  tenant,
  input,
}: {
  tenant: Tenant;
  input: TCreateWebhookBody;
}) {
  const url = await vetWebhookUrl({ url: input.url, environment: tenant.environment });
  const [row] = await db
    .insert(webhookEndpoints)
    .values({
      id: newId("webhook"),
      organizationId: tenant.organizationId,
      environment: tenant.environment,
      url,
      events: input.events,
      secret: input.secret,
      description: input.description ?? null,
    })
    .onConflictDoNothing({
      target: [webhookEndpoints.organizationId, webhookEndpoints.environment, webhookEndpoints.url],
      where: sql`deleted_at is null`,
    })
    .returning();
  if (row) return presentCreatedEndpoint(row);
  const [existing] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organizationId, tenant.organizationId),
        eq(webhookEndpoints.environment, tenant.environment),
        eq(webhookEndpoints.url, url),
        isNull(webhookEndpoints.deletedAt),
      ),
    );
  throw urlTaken(existing?.id ?? "deleted meanwhile; retry");
}
