import { and, eq } from "drizzle-orm";
import { db } from "@/db/client";
import { type WebhookAttempt, webhookAttempts } from "@/db/schema";

export type TClaim = { kind: "claimed" } | { kind: "existing"; row: WebhookAttempt };

/**
 * Records that attempt `attempt` of a delivery starts, before anything is sent. Only the first
 * caller claims it: a step that runs again after a crash finds the row and sends nothing, so no
 * attempt ever reaches a receiver twice.
 */
export async function claimAttempt({
  deliveryId,
  endpointId,
  attempt,
}: {
  deliveryId: string;
  endpointId: string;
  attempt: number;
}): Promise<TClaim> {
  const [claimed] = await db
    .insert(webhookAttempts)
    .values({ deliveryId, endpointId, attempt, startedAt: new Date() })
    .onConflictDoNothing()
    .returning({ attempt: webhookAttempts.attempt });
  if (claimed) return { kind: "claimed" };
  const [row] = await db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.deliveryId, deliveryId), eq(webhookAttempts.attempt, attempt)));
  return { kind: "existing", row: row! };
}
