import { db } from "@/db/client";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { newId } from "@/lib/ids";
import { attemptResultColumns, lastAttemptColumns, type TAttemptResult } from "./attempt-result";

/**
 * Writes a sent test event into the endpoint's delivery log: a test delivery closed by its one
 * attempt (delivered or failed), with what was sent and answered. Its attempt counts in the
 * endpoint's record like any other (a failed test is a failure in a row; a successful one ends
 * a run of failures).
 */
export async function recordTestDelivery({
  organizationId,
  environment,
  endpointId,
  eventType,
  startedAt,
  result,
}: {
  organizationId: string;
  environment: TEnvironment;
  endpointId: string;
  eventType: string;
  startedAt: Date;
  result: TAttemptResult;
}): Promise<string> {
  const id = newId("delivery");
  const finishedAt = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(webhookDeliveries).values({
      id,
      organizationId,
      environment,
      endpointId,
      eventId: null,
      eventType,
      test: true,
      status: result.succeeded ? "delivered" : "failed",
      attempts: 1,
      ...lastAttemptColumns(result, startedAt),
      deliveredAt: result.succeeded ? finishedAt : null,
      createdAt: startedAt,
      updatedAt: finishedAt,
    });
    await tx.insert(webhookAttempts).values({
      deliveryId: id,
      attempt: 1,
      endpointId,
      startedAt,
      finishedAt,
      ...attemptResultColumns(result),
    });
  });
  return id;
}
