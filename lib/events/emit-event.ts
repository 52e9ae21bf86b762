import { sql } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { events, type TEventRow } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { newId } from "@/lib/ids";
import { fanOutEvent, subscribedEndpoints } from "./fan-out";
import type { TEventType } from "./types";

export type TEmitEventInput = {
  organizationId: string;
  environment: TEnvironment;
  type: TEventType;
  object: Record<string, unknown>;
};

/**
 * Records an event inside the caller's transaction, together with its webhook deliveries and
 * their jobs (the outbox): they exist if and only if the change that caused them was committed.
 * The event is written and its subscribed endpoints found in one statement.
 */
export async function emitEvent(executor: TExecutor, input: TEmitEventInput): Promise<TEventRow> {
  const event: TEventRow = {
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
