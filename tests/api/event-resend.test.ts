import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApiKey } from "@/lib/keys/create-key";
import { call, eventually } from "../support/api";
import { consoleCall, removeMembers, sandboxKeyFor } from "../support/console-calls";
import { signedUpMember, type TMember } from "../support/console-session";
import { expectError } from "../support/expect-error";
import { answer, startReceiver, type TReceiver } from "../support/receiver";
import { restingTenantRows, tenantRows } from "../support/tenant-rows";

const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
let member: TMember;
let other: TMember;
let key: string;
let receiver: TReceiver;
beforeAll(async () => {
  [member, other] = await Promise.all([signedUpMember(), signedUpMember()]);
  key = await sandboxKeyFor(member);
  receiver = await startReceiver({ handler: answer(200) });
});
afterAll(async () => {
  await receiver?.close();
  await removeMembers([member, other]);
});

let endpoints = 0;
/** A new endpoint (a path of its own: one URL is registered once) on the receiver. */
const endpoint = async (events: string[], apiKey = key) => {
  const created = await call("POST", "/webhooks", {
    key: apiKey,
    body: { url: `${receiver.origin}/hook/${++endpoints}`, events, secret },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
};
const resend = (eventId: string, webhookId: string, who = member) =>
  consoleCall(who, "POST", `/api/console/events/${eventId}/resend?environment=sandbox`, {
    webhookId,
  });

describe("resending an event to an endpoint", () => {
  test("a new delivery of the same event reaches the endpoint; the event lists both", async () => {
    const endpointId = await endpoint(["agent.registered"]);
    const agent = await call("POST", "/agents", { key, body: { name: "Resent" } });
    const received = () =>
      receiver.received.filter((entry) => JSON.parse(entry.body).data.object.id === agent.body.id);
    await eventually(async () => expect(received()).toHaveLength(1), 15_000);
    const eventId = JSON.parse(received()[0]!.body).id as string;

    const resent = await resend(eventId, endpointId);
    expect(resent).toMatchObject({
      status: 200,
      body: { eventId, webhookId: endpointId, test: false, status: "pending", attempts: 0 },
    });
    await eventually(async () => expect(received()).toHaveLength(2), 15_000);
    // The same event, under the same webhook id.
    expect(received()[1]!.body).toBe(received()[0]!.body);
    expect(received()[1]!.headers["webhook-id"]).toBe(received()[0]!.headers["webhook-id"]);
    const detail = await consoleCall(
      member,
      "GET",
      `/api/console/events/${eventId}?environment=sandbox`,
    );
    expect(detail.body.deliveries.map((delivery: { status: string }) => delivery.status)).toEqual([
      "delivered",
      "delivered",
    ]);
    const audit = await consoleCall(member, "GET", "/api/console/team/audit?action=event");
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({ action: "event.resend", targetId: eventId }),
    );
  });

  test("an endpoint that does not subscribe, a disabled one, or another organization's is refused, and nothing is sent", async () => {
    const agent = await call("POST", "/agents", { key, body: { name: "Refused" } });
    const events = await eventually(async () => {
      const listed = await call("GET", `/events?objectId=${agent.body.id}`, { key });
      expect(listed.body.data.length).toBeGreaterThan(0);
      return listed.body.data as { id: string }[];
    }, 15_000);
    const eventId = events[0]!.id;
    const unsubscribed = await endpoint(["settlement.executed"]);
    const disabled = await endpoint(["*"]);
    await call("PATCH", `/webhooks/${disabled}`, { key, body: { status: "disabled" } });
    const foreign = await endpoint(["*"], await sandboxKeyFor(other));
    const before = await restingTenantRows(member.organizationId);
    expectError(await resend(eventId, unsubscribed), 400, "invalid_request", "webhookId");
    expectError(await resend(eventId, disabled), 409, "conflict", "webhookId");
    expectError(await resend(eventId, foreign), 404, "not_found");
    expectError(await resend(eventId, unsubscribed, other), 404, "not_found");
    expect(await tenantRows(member.organizationId)).toEqual(before);
  });
});

describe("POST /v1/events/:id/resend", () => {
  test("202 with the new delivery, which reaches the endpoint; bad input and missing scope change nothing", async () => {
    const endpointId = await endpoint(["agent.registered"]);
    const path = `/hook/${endpoints}`; // the other tests' endpoints get the event too
    const agent = await call("POST", "/agents", { key, body: { name: "Resent by API" } });
    const received = () =>
      receiver.received.filter(
        (entry) => entry.path === path && JSON.parse(entry.body).data.object.id === agent.body.id,
      );
    await eventually(async () => expect(received()).toHaveLength(1), 15_000);
    const eventId = JSON.parse(received()[0]!.body).id as string;

    const reader = await createApiKey({
      organizationId: member.organizationId,
      environment: "sandbox",
      name: "reader",
      scopes: ["webhook.read"],
    });
    const before = await restingTenantRows(member.organizationId);
    expectError(
      await call("POST", `/events/${eventId}/resend`, { key, body: {} }),
      400,
      "invalid_request",
      "webhookId",
    );
    expectError(
      await call("POST", `/events/${eventId}/resend`, {
        key,
        body: { webhookId: endpointId, extra: 1 },
      }),
      400,
      "invalid_request",
    );
    expectError(
      await call("POST", "/events/evt-doesnotexist00000/resend", {
        key,
        body: { webhookId: endpointId },
      }),
      404,
      "not_found",
    );
    expectError(
      await call("POST", `/events/${eventId}/resend`, {
        key: reader.secret,
        body: { webhookId: endpointId },
      }),
      403,
      "forbidden",
    );
    expect(await tenantRows(member.organizationId)).toEqual(before);

    const resent = await call("POST", `/events/${eventId}/resend`, {
      key,
      body: { webhookId: endpointId },
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(202);
    expect(resent.body).toMatchObject({
      id: expect.stringMatching(/^dlv-/),
      webhookId: endpointId,
      eventId,
      eventType: "agent.registered",
      test: false,
      status: "pending",
    });
    await eventually(async () => expect(received()).toHaveLength(2), 15_000);
    expect(received()[1]!.body).toBe(received()[0]!.body);
    await eventually(async () => {
      const deliveries = await call("GET", `/webhooks/${endpointId}/deliveries`, { key });
      expect(deliveries.body.data).toContainEqual(
        expect.objectContaining({ id: resent.body.id, status: "delivered", attempts: 1 }),
      );
    }, 15_000);
  });
});
