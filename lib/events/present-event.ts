import type { TEventRow } from "@/db/schema";
import type { TEventEnvelope, TEventType } from "./types";

/** The event as webhooks deliver it and /v1/events shows it (contract.md envelope). */
export function presentEvent(event: TEventRow): TEventEnvelope {
  return {
    id: event.id,
    type: event.type as TEventType,
    createdAt: event.createdAt.toISOString(),
    environment: event.environment,
    apiVersion: "v1",
    sequence: event.sequence,
    data: event.data as TEventEnvelope["data"],
  };
}
