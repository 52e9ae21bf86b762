import type { TExecutor } from "@/db/client";
import { negotiationParties, negotiations, type TAgentRow } from "@/db/schema";
import type { TAgentPublicJwk, TStepCredential } from "@/lib/attest";
import { newId } from "@/lib/ids";
import { recordNegotiationSteps } from "@/lib/negotiations/record-step";
import { paidTerms } from "./paid-terms";

/**
 * The negotiation an x402 payment is, already accepted: the payer proposed the merchant's
 * requirements (its signed payment, whose JWS the proposal step carries as its signature, so
 * the receipt's agreement check verifies it) and the payee, whose merchant settles, accepted them. Both
 * steps name the merchant's credential: the call that recorded them. The settlement and the
 * receipt hang on it as on any negotiated deal.
 */
export async function recordPaidNegotiation(
  tx: TExecutor,
  {
    jws,
    key,
    payer,
    payTo,
    amount,
    resourceUrl,
    credential,
    now,
  }: {
    jws: string;
    key: { id: string; publicJwk: TAgentPublicJwk };
    payer: TAgentRow;
    payTo: TAgentRow;
    amount: { value: number; currency: string };
    resourceUrl: string | null;
    credential: TStepCredential;
    now: Date;
  },
) {
  const terms = paidTerms({ payTo: payTo.id, amount, resourceUrl });
  const at = now.toISOString();
  const [row] = await tx
    .insert(negotiations)
    .values({
      id: newId("negotiation"),
      organizationId: payer.organizationId,
      environment: payer.environment,
      initiatorAgentId: payer.id,
      responderAgentIds: [payTo.id],
      partyAgentIds: [payer.id, payTo.id],
      partyOrganizationIds: [...new Set([payer.organizationId, payTo.organizationId])],
      status: "accepted",
      terms,
      rounds: [
        {
          round: 1,
          proposedBy: payer.id,
          proposedAt: at,
          terms,
          responses: [{ agentId: payTo.id, action: "accept", message: null, respondedAt: at }],
        },
      ],
      metadata: { x402: "payment" },
      expiresAt: now,
      closedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(negotiationParties).values(
    row!.partyOrganizationIds.map((organizationId) => ({
      organizationId,
      environment: row!.environment,
      createdAt: now,
      negotiationId: row!.id,
    })),
  );
  const paymentSignature = {
    jws,
    keyId: key.id,
    publicJwk: key.publicJwk,
    signs: "x402_payment" as const,
  };
  const step = { round: 1, terms, message: null, credential };
  await recordNegotiationSteps(tx, {
    negotiation: row!,
    steps: [
      { ...step, action: "propose", agentId: payer.id, signature: paymentSignature },
      { ...step, action: "accept", agentId: payTo.id, signature: null },
    ],
    at: now,
    opened: true,
  });
  return row!;
}
