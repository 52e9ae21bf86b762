import { and, asc, count, eq, gte } from "drizzle-orm";
import { db, type TExecutor } from "@/db/client";
import { webhookDeliveries } from "@/db/schema";
import { conflict } from "@/lib/http/api-error";
import { getWebhookEndpointOrThrow } from "@/lib/webhooks/endpoints/get-endpoint";
import type { Tenant } from "@/lib/webhooks/endpoints/visibility";
import { requeueDeliveries } from "./requeue-deliveries";

/** One request re-queues at most this many; the answer says how many are left for the next. */
export const maxRetriedAtOnce = 5000;

/** Failed deliveries of events (test deliveries are never sent again). */
const failedSince = (endpointId: string, since: Date) =>
  and(
    eq(webhookDeliveries.endpointId, endpointId),
    eq(webhookDeliveries.status, "failed"),
    eq(webhookDeliveries.test, false),
    gte(webhookDeliveries.createdAt, since),
  );

async function countFailedSince(executor: TExecutor, endpointId: string, since: Date) {
  const [row] = await executor
    .select({ failed: count() })
    .from(webhookDeliveries)
    .where(failedSince(endpointId, since));
  return row?.failed ?? 0;
}

/** How many failed deliveries of the endpoint, created at or after `since`, a retry would send. */
export async function countFailedDeliveries({
  tenant,
  endpointId,
  since,
}: {
  tenant: Tenant;
  endpointId: string;
  since: Date;
}) {
  await getWebhookEndpointOrThrow({ tenant, endpointId });
  return { since: since.toISOString(), failed: await countFailedSince(db, endpointId, since) };
}

/**
 * Sends every failed delivery of the endpoint created at or after `since` again, as a manual
 * retry does each. The endpoint row is locked first, so two of these at once run one after the
 * other and the second finds the deliveries pending: none is ever in flight twice.
 */
export async function retryFailedDeliveries({
  tenant,
  endpointId,
  since,
}: {
  tenant: Tenant;
  endpointId: string;
  since: Date;
}) {
  return db.transaction(async (tx) => {
    const endpoint = await getWebhookEndpointOrThrow({ tenant, endpointId, forUpdate: true }, tx);
    if (endpoint.status === "disabled") {
      throw conflict("The endpoint is disabled; set its status to active first.", "id");
    }
    const failed = await tx
      .select({
        id: webhookDeliveries.id,
        endpointId: webhookDeliveries.endpointId,
        attempts: webhookDeliveries.attempts,
      })
      .from(webhookDeliveries)
      .where(failedSince(endpointId, since))
      .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id))
      .limit(maxRetriedAtOnce)
      .for("update");
    const requeued = await requeueDeliveries(tx, failed);
    return {
      since: since.toISOString(),
      retried: requeued.length,
      remaining: await countFailedSince(tx, endpointId, since),
    };
  });
}
