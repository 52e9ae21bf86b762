import type { Executor } from "@/db/client";
import { events } from "@/db/schema";
import type { Environment } from "@/lib/environment";
import { newId } from "@/lib/ids";
import { fanOutEvent } from "@/lib/webhooks/fan-out";
import type { TEventType } from "./types";

export type EmitEventInput = {
  organizationId: string;
  environment: Environment;
  type: TEventType;
  object: Record<string, unknown>;
};

/**
 * Records an event inside the caller's transaction, together with its webhook deliveries and
 * their jobs (the outbox): they exist if and only if the change that caused them was committed.
 */
export async function emitEvent(executor: Executor, input: EmitEventInput) {
  const [event] = await executor
    .insert(events)
    .values({
      id: newId("event"),
      organizationId: input.organizationId,
      environment: input.environment,
      type: input.type,
      data: { object: input.object },
    })
    .returning();
  await fanOutEvent(executor, event!);
  return event!;
}
