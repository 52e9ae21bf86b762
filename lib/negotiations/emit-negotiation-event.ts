import type { TExecutor } from "@/db/client";
import type { TNegotiationRow } from "@/db/schema";
import { emitEvents } from "@/lib/events/emit-event";
import type { TEventType } from "@/lib/events/types";
import { presentNegotiation } from "./present-negotiation";

/** Every party organization gets the event (each side's webhooks hear about it). */
export async function emitNegotiationEvent(
  executor: TExecutor,
  {
    row,
    type,
    now,
  }: { row: TNegotiationRow; type: Extract<TEventType, `negotiation.${string}`>; now: Date },
) {
  const object = presentNegotiation(row, now);
  await emitEvents(
    executor,
    row.partyOrganizationIds.map((organizationId) => ({
      organizationId,
      environment: row.environment,
      type,
      object,
    })),
  );
}
