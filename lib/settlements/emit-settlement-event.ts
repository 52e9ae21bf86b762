import type { TExecutor } from "@/db/client";
import type { TSettlementRow } from "@/db/schema";
import { emitEvent } from "@/lib/events/emit-event";
import type { TEventType } from "@/lib/events/types";
import { presentSettlement } from "./present-settlement";

/** Every party organization gets the event. */
export async function emitSettlementEvent(
  executor: TExecutor,
  { row, type }: { row: TSettlementRow; type: Extract<TEventType, `settlement.${string}`> },
) {
  const object = presentSettlement(row);
  for (const organizationId of row.partyOrganizationIds) {
    await emitEvent(executor, { organizationId, environment: row.environment, type, object });
  }
}
