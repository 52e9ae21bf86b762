import { sql } from "drizzle-orm";
import type { Executor } from "@/db/client";
import { type EventRow, events } from "@/db/schema";
import type { Environment } from "@/lib/environment";
import { newId } from "@/lib/ids";
import { fanOutEvent, subscribedEndpoints } from "./fan-out";
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
 * The event is written and its subscribed endpoints found in one statement.
 */
export async function emitEvent(executor: Executor, input: EmitEventInput): Promise<EventRow> {
  const event: EventRow = {
    id: newId("event"),
    organizationId: input.organizationId,
    environment: input.environment,
    type: input.type,
    data: { object: input.object },
    createdAt: new Date(),
  };
  const [found] = await executor.execute<{ endpointIds: string[] }>(sql`
    with recorded as (${executor.insert(events).values(event).getSQL()})
    select array(${subscribedEndpoints(executor, event)}) as "endpointIds"`);
  await fanOutEvent(executor, event, found?.endpointIds ?? []);
  return event;
}
