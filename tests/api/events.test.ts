import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { events } from "@/db/schema";
import { newId } from "@/lib/ids";
import { call } from "../support/api";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
let other: TTestTenant;
beforeAll(async () => {
  [tenant, other] = await Promise.all([seedTenant(), seedTenant()]);
});
afterAll(() => Promise.all([tenant.remove(), other.remove()]));

const key = () => tenant.keys.sandbox;

describe("events", () => {
  test("registering an agent emits agent.registered in the contract's envelope", async () => {
    const agent = await call("POST", "/agents", { key: key(), body: { name: "Emitter" } });
    const listed = await call("GET", "/events?type=agent.registered", { key: key() });
    expect(listed.status).toBe(200);
    const event = listed.body.data.find(
      (entry: { data: { object: { id: string } } }) => entry.data.object.id === agent.body.id,
    );
    expect(event).toEqual({
      id: expect.stringMatching(/^evt-[0-9A-Za-z]{16}$/),
      type: "agent.registered",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      environment: "sandbox",
      apiVersion: "v1",
      sequence: 1,
      data: { object: agent.body },
    });
    const fetched = await call("GET", `/events/${event.id}`, { key: key() });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(event);
  });

  test("update and delete emit agent.updated and agent.deleted, newest first", async () => {
    const agent = await call("POST", "/agents", { key: key(), body: { name: "Changer" } });
    await call("PATCH", `/agents/${agent.body.id}`, { key: key(), body: { name: "Changed" } });
    await call("DELETE", `/agents/${agent.body.id}`, { key: key() });
    const listed = await call("GET", "/events?limit=100", { key: key() });
    const mine = listed.body.data.filter(
      (entry: { data: { object: { id: string } } }) => entry.data.object.id === agent.body.id,
    );
    expect(mine.map((entry: { type: string }) => entry.type)).toEqual([
      "agent.deleted",
      "agent.updated",
      "agent.registered",
    ]);
    expect(mine[1].data.object.name).toBe("Changed");
  });

  test("a failed change emits nothing", async () => {
    const before = await call("GET", "/events?limit=100", { key: key() });
    const refused = await call("POST", "/agents", { key: key(), body: { name: "" } });
    expect(refused.status).toBe(400);
    const after = await call("GET", "/events?limit=100", { key: key() });
    expect(after.body.data.length).toBe(before.body.data.length);
  });

  test("events older than 30 days are gone; other tenants' events are 404", async () => {
    const old = newId("event");
    await db.insert(events).values({
      id: old,
      organizationId: tenant.organizationId,
      environment: "sandbox",
      type: "agent.updated",
      data: { object: { id: "agent-old" } },
      createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000),
    });
    expect((await call("GET", `/events/${old}`, { key: key() })).status).toBe(404);
    const listed = await call("GET", "/events?limit=100", { key: key() });
    expect(listed.body.data.map((entry: { id: string }) => entry.id)).not.toContain(old);

    const theirs = await call("POST", "/agents", { key: other.keys.sandbox, body: { name: "T" } });
    const theirEvents = await call("GET", "/events", { key: other.keys.sandbox });
    const theirEvent = theirEvents.body.data.find(
      (entry: { data: { object: { id: string } } }) => entry.data.object.id === theirs.body.id,
    );
    const peek = await call("GET", `/events/${theirEvent.id}`, { key: key() });
    expect(peek.status).toBe(404);
    expect(peek.body.error.code).toBe("not_found");
    const fromProduction = await call("GET", `/events/${theirEvent.id}`, {
      key: other.keys.production,
      environment: "production",
    });
    expect(fromProduction.status).toBe(404);
  });

  test("400 for an unknown type filter, 401 without a key, 403 without webhook.read", async () => {
    const bad = await call("GET", "/events?type=agent.exploded", { key: key() });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("type");
    expect((await call("GET", "/events")).status).toBe(401);
    const agentsOnly = await seedTenant({ scopes: ["agent.read"] });
    try {
      const forbidden = await call("GET", "/events", { key: agentsOnly.keys.sandbox });
      expect(forbidden.status).toBe(403);
    } finally {
      await agentsOnly.remove();
    }
  });
});
