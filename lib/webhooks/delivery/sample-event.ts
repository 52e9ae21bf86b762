import type { TEnvironment } from "@/lib/environment";
import type { TEventEnvelope, TEventType } from "@/lib/events/types";
import { newId } from "@/lib/ids";
import { sampleObject, type TSampleObject } from "./sample-objects";

/** Settlement events from execution on name the receipt that proves the payment. */
const withReceipt = new Set<TEventType>([
  "settlement.executed",
  "settlement.reversed",
  "settlement.disputed",
]);

/**
 * A sample event of `type` for a test delivery: the real envelope around an example resource
 * marked `test: true`. It is not stored and does not count in the endpoint's statistics.
 */
export function sampleEvent({
  type,
  environment,
  now = new Date(),
}: {
  type: TEventType;
  environment: TEnvironment;
  now?: Date;
}): TEventEnvelope<TSampleObject> {
  const at = now.toISOString();
  return {
    id: newId("event"),
    type,
    createdAt: at,
    environment,
    apiVersion: "v1",
    sequence: 1,
    data: {
      object: sampleObject(type, at),
      ...(withReceipt.has(type)
        ? { receipt: { id: newId("receipt"), attestHash: `0x${"3f".repeat(32)}` } }
        : {}),
    },
  };
}
