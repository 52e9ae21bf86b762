import { eq, max } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { negotiationSteps, type TNegotiationRow } from "@/db/schema";
import type { TNegotiationStepPayload } from "@/lib/attest";
import { newId } from "@/lib/ids";

/**
 * Appends a step to the negotiation's transcript, in the transaction that holds the
 * negotiation's row lock (so positions follow the order the steps were taken).
 */
export async function recordNegotiationStep(
  tx: TExecutor,
  {
    negotiation,
    step,
    at,
  }: {
    negotiation: Pick<TNegotiationRow, "id" | "organizationId" | "environment">;
    step: Omit<TNegotiationStepPayload, "negotiationId" | "step" | "at">;
    at: Date;
  },
): Promise<void> {
  const [last] = await tx
    .select({ position: max(negotiationSteps.position) })
    .from(negotiationSteps)
    .where(eq(negotiationSteps.negotiationId, negotiation.id));
  const position = (last?.position ?? 0) + 1;
  await tx.insert(negotiationSteps).values({
    id: newId("negotiationStep"),
    organizationId: negotiation.organizationId,
    environment: negotiation.environment,
    negotiationId: negotiation.id,
    position,
    payload: { ...step, negotiationId: negotiation.id, step: position, at: at.toISOString() },
    createdAt: at,
  });
}
