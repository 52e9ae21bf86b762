import { and, eq, sql } from "drizzle-orm";
import { db, preparedQuery } from "@/db/client";
import { type WebhookAttempt, webhookAttempts } from "@/db/schema";

export type TClaim = { kind: "claimed" } | { kind: "existing"; row: WebhookAttempt };

const insertAttempt = () =>
  preparedQuery("webhook_attempt_claim", (database) =>
    database
      .insert(webhookAttempts)
      .values({
        deliveryId: sql.placeholder("deliveryId"),
        endpointId: sql.placeholder("endpointId"),
        attempt: sql.placeholder("attempt"),
        startedAt: sql.placeholder("startedAt"),
      })
      .onConflictDoNothing()
      .returning({ attempt: webhookAttempts.attempt })
      .prepare("webhook_attempt_claim"),
  );

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
  const [claimed] = await insertAttempt().execute({
    deliveryId,
    endpointId,
    attempt,
    startedAt: new Date(),
  });
  if (claimed) return { kind: "claimed" };
  const [row] = await db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.deliveryId, deliveryId), eq(webhookAttempts.attempt, attempt)));
  return { kind: "existing", row: row! };
}
