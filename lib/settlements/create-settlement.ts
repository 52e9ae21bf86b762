import { eq } from "drizzle-orm";
import type { z } from "zod";
import { db } from "@/db/client";
import { settlements } from "@/db/schema";
import type { TTenant } from "@/lib/auth/tenant";
import { ApiError, conflict } from "@/lib/http/api-error";
import { checkSettlementMandate } from "@/lib/mandates/check-settlement-mandate";
import { effectiveStatus } from "@/lib/negotiations/effective-status";
import { getNegotiationOrThrow } from "@/lib/negotiations/get-negotiation";
import { partiesOf } from "@/lib/negotiations/parties";
import { defaultRail } from "@/lib/rails/rails";
import { insertSettlement } from "./insert-settlement";
import { presentSettlement } from "./present-settlement";
import { requireAgreementSignatures } from "./require-agreement-signatures";
import type { ZCreateSettlementBody } from "./schemas";

/**
 * Creates the one settlement of an accepted negotiation, fixed to its accepted terms, unless the
 * payer's mandate could never allow them. The negotiation row is locked so that two concurrent
 * creates cannot both pass the check.
 */
export async function createSettlement({
  tenant,
  input,
}: {
  tenant: TTenant;
  input: z.output<typeof ZCreateSettlementBody>;
}) {
  return db.transaction(async (tx) => {
    const negotiation = await getNegotiationOrThrow(
      { tenant, negotiationId: input.negotiationId, forUpdate: true },
      tx,
    ).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      throw new ApiError({ code: error.code, message: error.message, param: "negotiationId" });
    });
    if (negotiation.organizationId !== tenant.organizationId) {
      throw new ApiError({
        code: "forbidden",
        message: "Only the initiator's (payer's) organization can settle this negotiation.",
        param: "negotiationId",
      });
    }
    const status = effectiveStatus(negotiation, new Date());
    if (status !== "accepted")
      throw conflict(
        `The negotiation is ${status}; only an accepted one can be settled.`,
        "negotiationId",
      );
    const [existing] = await tx
      .select({ id: settlements.id })
      .from(settlements)
      .where(eq(settlements.negotiationId, negotiation.id));
    if (existing)
      throw conflict(`The negotiation already has settlement ${existing.id}.`, "negotiationId");
    await requireAgreementSignatures(tx, negotiation);
    const now = new Date();
    await checkSettlementMandate(tx, {
      payerAgentId: negotiation.initiatorAgentId,
      amount: negotiation.terms.amount,
      parties: partiesOf(negotiation),
      now,
    });
    const row = await insertSettlement(tx, {
      negotiation,
      adapter: input.adapter ?? defaultRail(),
      metadata: input.metadata ?? {},
      now,
    });
    return presentSettlement(row);
  });
}
