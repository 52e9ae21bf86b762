import { sql } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { eventSequences, events, type TEventRow } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { newId } from "@/lib/ids";
import { fanOutEvent, subscribedEndpoints } from "./fan-out";
import type { TEventType, TReceiptReference } from "./types";

export type TEmitEventInput = {
  organizationId: string;
  environment: TEnvironment;
  type: TEventType;
  object: Record<string, unknown>;
  /** The receipt that proves a settlement event's money movement. */
  receipt?: TReceiptReference;
};

/**
 * Records an event inside the caller's transaction, together with its webhook deliveries and
 * their jobs (the outbox): they exist if and only if the change that caused them was committed.
 * One statement takes the object's next `sequence` (the counter row stays locked until the
 * transaction ends, so concurrent changes number their events without gaps or repeats), writes
 * the event and finds its subscribed endpoints.
 */
export async function emitEvent(executor: TExecutor, input: TEmitEventInput): Promise<TEventRow> {
  const event: TEventRow = {
    id: newId("event"),
    organizationId: input.organizationId,
    environment: input.environment,
    type: input.type,
    data: { object: input.object, ...(input.receipt ? { receipt: input.receipt } : {}) },
    sequence: 0,
    createdAt: new Date(),
  };
  const objectId = String(input.object.id);
  const recorded = executor
    .insert(events)
    .values({ ...event, sequence: sql`(select last from next_sequence)` });
  const [found] = await executor.execute<{ endpointIds: string[]; sequence: string }>(sql`
    with next_sequence as (
      insert into ${eventSequences} (organization_id, object_id, last)
      values (${input.organizationId}, ${objectId}, 1)
      on conflict (organization_id, object_id)
      do update set last = ${eventSequences}.last + 1
      returning last
    ), recorded as (${recorded.getSQL()})
    select array(${subscribedEndpoints(executor, event)}) as "endpointIds",
      (select last from next_sequence) as sequence`);
  event.sequence = Number(found?.sequence);
  await fanOutEvent(executor, event, found?.endpointIds ?? []);
  return event;
}
