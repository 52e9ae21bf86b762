import { eq, max } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { negotiationSteps, type TNegotiationRow } from "@/db/schema";
import type { TNegotiationStepPayload } from "@/lib/attest";
import { newId } from "@/lib/ids";

type TStep = Omit<TNegotiationStepPayload, "negotiationId" | "step" | "at">;

/**
 * Appends steps, in order, to the negotiation's transcript, in the transaction that holds the
 * negotiation's row lock (so positions follow the order the steps were taken). `opened`: the
 * negotiation was created in this transaction, so its steps are the first.
 */
export async function recordNegotiationSteps(
  tx: TExecutor,
  {
    negotiation,
    steps,
    at,
    opened = false,
  }: {
    negotiation: Pick<TNegotiationRow, "id" | "organizationId" | "environment">;
    steps: TStep[];
    at: Date;
    opened?: boolean;
  },
): Promise<void> {
  let before = 0;
  if (!opened) {
    const [last] = await tx
      .select({ position: max(negotiationSteps.position) })
      .from(negotiationSteps)
      .where(eq(negotiationSteps.negotiationId, negotiation.id));
    before = last?.position ?? 0;
  }
  await tx.insert(negotiationSteps).values(
    steps.map((step, index) => {
      const position = before + index + 1;
      return {
        id: newId("negotiationStep"),
        organizationId: negotiation.organizationId,
        environment: negotiation.environment,
        negotiationId: negotiation.id,
        position,
        payload: { ...step, negotiationId: negotiation.id, step: position, at: at.toISOString() },
        createdAt: at,
      };
    }),
  );
}
