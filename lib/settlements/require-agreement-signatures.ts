import type { TExecutor } from "@/db/client";
import type { TNegotiationRow } from "@/db/schema";
import { missingSignersOf, readTranscript, requiredSignaturesText } from "@/lib/attest";
import { conflict } from "@/lib/http/api-error";
import { negotiationTranscript } from "./execution/negotiation-transcript";

/**
 * Under a signature requirement, refuses (409 on `negotiationId`) to settle a negotiation whose
 * final terms some required party has not signed, naming them: the same rule the receipt
 * verifier's `agreement` check applies to the transcript.
 */
export async function requireAgreementSignatures(
  tx: TExecutor,
  negotiation: Pick<TNegotiationRow, "id" | "signatures" | "partyAgentIds">,
): Promise<void> {
  if (negotiation.signatures === "none") return;
  const { records } = await negotiationTranscript(tx, negotiation.id);
  const steps = readTranscript(records.map((record, i) => ({ ...record, id: `step ${i + 1}` })));
  const missing =
    typeof steps === "string"
      ? negotiation.partyAgentIds
      : missingSignersOf({ steps, parties: negotiation.partyAgentIds });
  if (missing.length === 0) return;
  throw conflict(
    `The negotiation requires ${requiredSignaturesText(negotiation.signatures)} signature of its final terms; not signed by ${missing.join(", ")}.`,
    "negotiationId",
  );
}
