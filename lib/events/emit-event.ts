import { sql } from "drizzle-orm";
import type { TExecutor } from "@/db/client";
import { eventSequences, events, type TEventRow } from "@/db/schema";
import type { TEnvironment } from "@/lib/environment";
import { newId } from "@/lib/ids";
import { fanOutEvents, subscribedEndpoints } from "./fan-out";
import type { TEventType, TReceiptReference } from "./types";

export type TEmitEventInput = {
  organizationId: string;
  environment: TEnvironment;
  type: TEventType;
  object: Record<string, unknown>;
  /** The receipt that proves a settlement event's money movement. */
  receipt?: TReceiptReference;
};

/** Records one event (emitEvents). */
export async function emitEvent(executor: TExecutor, input: TEmitEventInput): Promise<TEventRow> {
  const [event] = await emitEvents(executor, [input]);
  return event!;
}

/**
 * Records events inside the caller's transaction, together with their webhook deliveries and
 * their jobs (the outbox): they exist if and only if the change that caused them was committed.
 * One statement takes each object's next `sequence`s (the counter row stays locked until the
 * transaction ends, so concurrent changes number their events without gaps or repeats; several
 * events of one object here take consecutive ones, in input order), writes the events and finds
 * their subscribed endpoints; one more writes the deliveries, when there are any. In input order.
 */
export async function emitEvents(
  executor: TExecutor,
  inputs: TEmitEventInput[],
): Promise<TEventRow[]> {
  if (inputs.length === 0) return [];
  const createdAt = new Date();
  const recorded = inputs.map(
    (input): TEventRow => ({
      id: newId("event"),
      organizationId: input.organizationId,
      environment: input.environment,
      type: input.type,
      data: { object: input.object, ...(input.receipt ? { receipt: input.receipt } : {}) },
      sequence: 0,
      createdAt,
    }),
  );
  const incoming = recorded.map((event, position) => ({
    position,
    id: event.id,
    organization_id: event.organizationId,
    environment: event.environment,
    type: event.type,
    data: event.data,
    object_id: String(inputs[position]!.object.id),
    created_at: createdAt.toISOString(),
  }));
  const numbered = await executor.execute<{ id: string; sequence: string; endpointIds: string[] }>(
    sql`
    with incoming as (
      select * from jsonb_to_recordset(${JSON.stringify(incoming)}::jsonb) as incoming(
        position int, id text, organization_id text, environment environment, type text,
        data jsonb, object_id text, created_at timestamptz)
    ), next_sequence as (
      insert into ${eventSequences} (organization_id, object_id, last)
      select organization_id, object_id, count(*) from incoming group by organization_id, object_id
      on conflict (organization_id, object_id)
      do update set last = ${eventSequences}.last + excluded.last
      returning organization_id, object_id, last
    ), numbered as (
      select incoming.*,
        next_sequence.last - count(*) over same_object
          + row_number() over (same_object order by incoming.position) as sequence
      from incoming join next_sequence using (organization_id, object_id)
      window same_object as (partition by incoming.organization_id, incoming.object_id)
    ), written as (
      insert into ${events} (id, organization_id, environment, type, data, sequence, created_at)
      select id, organization_id, environment, type, data, sequence, created_at from numbered
    )
    select id, sequence, array(${subscribedEndpoints({
      organizationId: sql`numbered.organization_id`,
      environment: sql`numbered.environment`,
      type: sql`numbered.type`,
    })}) as "endpointIds"
    from numbered`,
  );
  const found = new Map(numbered.map((row) => [row.id, row]));
  for (const event of recorded) event.sequence = Number(found.get(event.id)?.sequence);
  await fanOutEvents(
    executor,
    recorded.map((event) => ({ event, endpointIds: found.get(event.id)?.endpointIds ?? [] })),
  );
  return recorded;
}
