import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { emitEvents } from "@/lib/events/emit-event";
import { call } from "../support/api";
import { agentOf, pendingSettlement, settled } from "../support/deals";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(async () => {
  await tenant?.remove();
});

const key = () => tenant.keys.sandbox;

type TEvent = {
  id: string;
  type: string;
  sequence: number;
  data: { object: { id: string }; receipt?: { id: string; attestHash: string } };
};

async function eventsAbout(objectId: string): Promise<TEvent[]> {
  const listed = await call("GET", "/events?limit=100", { key: key() });
  expect(listed.status).toBe(200);
  return (listed.body.data as TEvent[]).filter((event) => event.data.object.id === objectId);
}

describe("event sequence numbers", () => {
  test("grow by one per object, without gaps or repeats, under concurrent changes", async () => {
    const agentId = await agentOf(key(), { name: "Sequenced" });
    const updates = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call("PATCH", `/agents/${agentId}`, { key: key(), body: { name: `Sequenced ${i}` } }),
      ),
    );
    expect(updates.map((update) => update.status)).toEqual(Array(20).fill(200));
    const events = await eventsAbout(agentId);
    expect(events).toHaveLength(21);
    const bySequence = [...events].sort((a, b) => a.sequence - b.sequence);
    expect(bySequence.map((event) => event.sequence)).toEqual(
      Array.from({ length: 21 }, (_, i) => i + 1),
    );
    expect(bySequence[0]!.type).toBe("agent.registered");
    // Another object starts at 1 of its own.
    const other = await agentOf(key());
    expect((await eventsAbout(other)).map((event) => event.sequence)).toEqual([1]);
  });

  test("settlement events from executed on carry the receipt that proves them", async () => {
    const { settlement } = await pendingSettlement(key());
    const executed = await call("POST", `/settlements/${settlement.id}/execute`, {
      key: key(),
      body: {},
    });
    expect(executed.status).toBe(202);
    await settled(key(), settlement.id);
    const disputed = await call("POST", `/settlements/${settlement.id}/dispute`, {
      key: key(),
      body: { reason: "not delivered" },
    });
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(200);

    const receipts = await call("GET", `/receipts?settlementId=${settlement.id}`, { key: key() });
    const [receipt] = receipts.body.data as { id: string; attestHash: string }[];
    const events = (await eventsAbout(settlement.id)).sort((a, b) => a.sequence - b.sequence);
    expect(events.map((event) => [event.sequence, event.type, event.data.receipt])).toEqual([
      [1, "settlement.created", undefined],
      [2, "settlement.executed", { id: receipt!.id, attestHash: receipt!.attestHash }],
      [3, "settlement.disputed", { id: receipt!.id, attestHash: receipt!.attestHash }],
    ]);
  });

  test("events written together take consecutive numbers per object, in the order given", async () => {
    const agentId = await agentOf(key(), { name: "Batched" });
    const other = await agentOf(key(), { name: "Other" });
    const event = (id: string, name: string) => ({
      organizationId: tenant.organizationId,
      environment: "sandbox" as const,
      type: "agent.updated" as const,
      object: { id, name },
    });
    const written = await db.transaction((tx) =>
      emitEvents(tx, [event(agentId, "first"), event(other, "only"), event(agentId, "second")]),
    );
    expect(written.map((row) => row.sequence)).toEqual([2, 2, 3]);
    const events = (await eventsAbout(agentId)).sort((a, b) => a.sequence - b.sequence);
    expect(
      events.map((row) => [row.sequence, (row.data.object as { name?: string }).name]),
    ).toEqual([
      [1, "Batched"],
      [2, "first"],
      [3, "second"],
    ]);
  });
});
