import { asc, eq } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { negotiationSteps } from "@/db/schema";
import { NEGOTIATION_STEP_TYPE, type TReceiptFormatVersion } from "@/lib/attest";
import type { TEvidenceInput } from "@/lib/receipts/append-evidence";

/**
 * The negotiation's transcript as evidence records, in the order its steps were taken, and the
 * receipt format it allows: 3 when the transcript is whole (it opens with the proposal), so the
 * bundle proves its signing keys were logged; 1 for a negotiation opened before transcripts were
 * recorded. Receipts are no longer issued in format 2.
 */
export async function negotiationTranscript(
  executor: TExecutor,
  negotiationId: string,
): Promise<{ records: TEvidenceInput[]; formatVersion: TReceiptFormatVersion }> {
  const steps = await executor
    .select({ payload: negotiationSteps.payload })
    .from(negotiationSteps)
    .where(eq(negotiationSteps.negotiationId, negotiationId))
    .orderBy(asc(negotiationSteps.position));
  if (steps[0]?.payload.action !== "propose") return { records: [], formatVersion: 1 };
  const records = steps.map(({ payload }) => ({ type: NEGOTIATION_STEP_TYPE, payload }));
  return { records, formatVersion: 3 };
}
