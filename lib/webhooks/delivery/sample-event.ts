import type { TEnvironment } from "@/lib/environment";
import type { TEventEnvelope, TEventType } from "@/lib/events/types";
import { newId, type TIdKind } from "@/lib/ids";

const kindOf: Record<string, TIdKind> = {
  negotiation: "negotiation",
  settlement: "settlement",
  receipt: "receipt",
  agent: "agent",
};

/**
 * A sample event of `type` for a test delivery: the real envelope with a small object marked
 * `test: true`. It is not stored and does not count in the endpoint's statistics.
 */
export function sampleEvent({
  type,
  environment,
  now = new Date(),
}: {
  type: TEventType;
  environment: TEnvironment;
  now?: Date;
}): TEventEnvelope<Record<string, unknown>> {
  const area = type.split(".")[0] ?? "";
  return {
    id: newId("event"),
    type,
    createdAt: now.toISOString(),
    environment,
    apiVersion: "v1",
    sequence: 1,
    data: { object: { id: newId(kindOf[area] ?? "event"), object: area, test: true } },
  };
}
