import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { allScopes } from "@/lib/auth/scopes";
import { call, eventually } from "../support/api";
import { consoleOrigin, signedUpMember, type TMember } from "../support/console-session";
import { agentOf } from "../support/deals";
import { expectError } from "../support/expect-error";
import { answer, startReceiver, type TReceiver } from "../support/receiver";
import { removeOrganization } from "../support/tenant";

const asMember = (who: TMember) => ({ headers: { cookie: who.cookie, origin: consoleOrigin() } });

const eventsOf = async (who: TMember, query: string) => {
  const response = await call(
    "GET",
    `/api/console/events?environment=sandbox${query}`,
    asMember(who),
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as any[];
};

let member: TMember;
let other: TMember;
let receiver: TReceiver;
let secret: string;
let webhookId: string;
let first: string;
let second: string;

beforeAll(async () => {
  [member, other] = await Promise.all([signedUpMember(), signedUpMember()]);
  receiver = await startReceiver({ handler: answer(200) });
  const key = await call("POST", "/api/console/keys", {
    ...asMember(member),
    body: { name: "Events", environment: "sandbox", scopes: allScopes },
  });
  secret = key.body.secret;
  const webhook = await call("POST", "/webhooks", {
    key: secret,
    body: {
      url: `${receiver.origin}/events`,
      events: ["agent.registered", "agent.updated"],
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    },
  });
  expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);
  webhookId = webhook.body.id;
  first = await agentOf(secret, { name: "First" });
  second = await agentOf(secret, { name: "Second" });
  const updated = await call("PATCH", `/agents/${first}`, {
    key: secret,
    body: { description: "changed" },
  });
  expect(updated.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  for (const who of [member, other]) if (who) await removeOrganization(who.organizationId);
});

describe("console events", () => {
  test("lists the environment's events newest first, by type and by object", async () => {
    const all = await eventsOf(member, "");
    expect(all.map((event) => [event.type, event.data.object.id])).toEqual([
      ["agent.updated", first],
      ["agent.registered", second],
      ["agent.registered", first],
    ]);
    const ofFirst = await eventsOf(member, `&objectId=${first}`);
    expect(ofFirst.map((event) => event.type)).toEqual(["agent.updated", "agent.registered"]);
    expect(ofFirst.every((event) => event.data.object.id === first)).toBe(true);
    const created = await eventsOf(member, "&type=agent.registered");
    expect(created.map((event) => event.data.object.id)).toEqual([second, first]);
    expect(await eventsOf(member, `&type=agent.updated&objectId=${second}`)).toEqual([]);
    // The same filter on the public API.
    const publicList = await call("GET", `/events?objectId=${first}`, { key: secret });
    expect(publicList.body.data.map((event: any) => event.id)).toEqual(
      ofFirst.map((event) => event.id),
    );
  });

  test("an event shows its payload and the deliveries it caused, with the endpoint", async () => {
    const [updated] = await eventsOf(member, `&type=agent.updated`);
    const detail = await eventually(async () => {
      const response = await call(
        "GET",
        `/api/console/events/${updated.id}?environment=sandbox`,
        asMember(member),
      );
      expect(response.status).toBe(200);
      expect(response.body.deliveries[0]?.status).toBe("delivered");
      return response.body;
    }, 20_000);
    expect(detail.event).toEqual(updated);
    expect(detail.event.data.object).toMatchObject({ id: first, description: "changed" });
    expect(detail.deliveries).toHaveLength(1);
    expect(detail.deliveries[0]).toMatchObject({
      webhookId,
      webhookUrl: `${receiver.origin}/events`,
      eventId: updated.id,
      eventType: "agent.updated",
      attempts: 1,
      responseCode: 200,
    });
    const received = receiver.received.find((request) => request.body.includes(updated.id));
    expect(received).toBeDefined();
  });

  test("another organization sees none of it", async () => {
    const [event] = await eventsOf(member, "");
    expect(await eventsOf(other, "")).toEqual([]);
    expect(await eventsOf(other, `&objectId=${first}`)).toEqual([]);
    expectError(
      await call("GET", `/api/console/events/${event.id}?environment=sandbox`, asMember(other)),
      404,
      "not_found",
    );
    expectError(
      await call("GET", `/api/console/events/${event.id}?environment=production`, asMember(member)),
      404,
      "not_found",
    );
  });

  test.each([
    ["&type=agent.exploded", "type"],
    [`&objectId=${"x".repeat(65)}`, "objectId"],
    ["&objectId=", "objectId"],
    ["&color=red", "color"],
  ])("a bad query (%s) is a 400 naming %s", async (query, param) => {
    expectError(
      await call("GET", `/api/console/events?environment=sandbox${query}`, asMember(member)),
      400,
      "invalid_request",
      param,
    );
  });
});
