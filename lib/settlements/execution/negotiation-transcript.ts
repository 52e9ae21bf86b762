import { asc, inArray } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { negotiationSteps } from "@/db/schema";
import {
  NEGOTIATION_STEP_TYPE,
  type TNegotiationStepPayload,
  type TReceiptFormatVersion,
} from "@/lib/attest";
import type { TEvidenceInput } from "@/lib/receipts/append-evidence";

export type TNegotiationTranscript = {
  records: TEvidenceInput[];
  formatVersion: TReceiptFormatVersion;
};

/**
 * The negotiation's transcript as evidence records, in the order its steps were taken, and the
 * receipt format it allows: 3 when the transcript is whole (it opens with the proposal), so the
 * bundle proves its signing keys were logged; 1 for a negotiation opened before transcripts were
 * recorded. Receipts are no longer issued in format 2.
 */
export async function negotiationTranscript(
  executor: TExecutor,
  negotiationId: string,
): Promise<TNegotiationTranscript> {
  return (await negotiationTranscripts(executor, [negotiationId])).get(negotiationId)!;
}

/** negotiationTranscript of several negotiations in one read, by negotiation id. */
export async function negotiationTranscripts(
  executor: TExecutor,
  negotiationIds: string[],
): Promise<Map<string, TNegotiationTranscript>> {
  const steps = await executor
    .select({ negotiationId: negotiationSteps.negotiationId, payload: negotiationSteps.payload })
    .from(negotiationSteps)
    .where(inArray(negotiationSteps.negotiationId, negotiationIds))
    .orderBy(asc(negotiationSteps.negotiationId), asc(negotiationSteps.position));
  return new Map(
    negotiationIds.map((negotiationId) => [
      negotiationId,
      transcriptOf(steps.filter((step) => step.negotiationId === negotiationId)),
    ]),
  );
}

function transcriptOf(steps: { payload: TNegotiationStepPayload }[]): TNegotiationTranscript {
  if (steps[0]?.payload.action !== "propose") return { records: [], formatVersion: 1 };
  const records = steps.map(({ payload }) => ({ type: NEGOTIATION_STEP_TYPE, payload }));
  return { records, formatVersion: 3 };
}
