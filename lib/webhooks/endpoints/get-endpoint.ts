import { and, eq } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { webhookEndpoints } from "@/db/schema";
import { notFound } from "@/lib/http/api-error";
import { ownedEndpoints, type Tenant } from "./visibility";

export async function getWebhookEndpointOrThrow(
  {
    tenant,
    endpointId,
    forUpdate = false,
  }: { tenant: Tenant; endpointId: string; forUpdate?: boolean },
  executor: TExecutor = db,
) {
  const query = executor
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), ownedEndpoints(tenant)));
  const [endpoint] = forUpdate ? await query.for("update") : await query;
  if (!endpoint) throw notFound("webhook endpoint", endpointId);
  return endpoint;
}
