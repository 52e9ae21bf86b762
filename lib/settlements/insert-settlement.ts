import type { TExecutor } from "@/db/client";
import { settlementParties, settlements, type TNegotiationRow } from "@/db/schema";
import { newId } from "@/lib/ids";
import { partiesOf } from "@/lib/negotiations/parties";
import type { TRailName } from "@/lib/rails/rails";
import { emitSettlementEvent } from "./emit-settlement-event";

/**
 * Writes the pending settlement of an accepted negotiation, fixed to its terms, with a row per
 * party organization (each of them reads it) and its `settlement.created` event.
 */
export async function insertSettlement(
  tx: TExecutor,
  {
    negotiation,
    adapter,
    metadata,
    now,
  }: {
    negotiation: TNegotiationRow;
    adapter: TRailName;
    metadata: Record<string, string>;
    now: Date;
  },
) {
  const [row] = await tx
    .insert(settlements)
    .values({
      id: newId("settlement"),
      organizationId: negotiation.organizationId,
      environment: negotiation.environment,
      negotiationId: negotiation.id,
      partyOrganizationIds: negotiation.partyOrganizationIds,
      payerAgentId: negotiation.initiatorAgentId,
      adapter,
      amountValue: negotiation.terms.amount.value,
      currency: negotiation.terms.amount.currency,
      parties: partiesOf(negotiation),
      metadata,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(settlementParties).values(
    row!.partyOrganizationIds.map((organizationId) => ({
      organizationId,
      environment: row!.environment,
      createdAt: row!.createdAt,
      settlementId: row!.id,
    })),
  );
  await emitSettlementEvent(tx, { row: row!, type: "settlement.created" });
  return row!;
}
