import {
  createClient,
  signWebhookForTest,
  type TAgentSettlementClient,
  verifyWebhook,
  WebhookVerificationError,
} from "@agent-settlement/sdk";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { eventually } from "../support/api";
import { webhookBodyProblem } from "../support/openapi-responses";
import { answer, startReceiver, type TReceived, type TReceiver } from "../support/receiver";
import { seedTenant, type TTestTenant } from "../support/tenant";

// Real deliveries from the production build to a receiver on 127.0.0.1 (sandbox allows it),
// checked with the SDK as a receiver written against it would.

const whsec = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const plainSecret = "a-plain-secret-of-thirty-two-chars";
let tenant: TTestTenant;
let client: TAgentSettlementClient;
let target: TReceiver;

beforeAll(async () => {
  tenant = await seedTenant();
  client = createClient({ apiKey: tenant.keys.sandbox, baseUrl: inject("baseUrl") });
  target = await startReceiver({ handler: answer(200) });
});
afterAll(async () => {
  for (const { id } of (await client.webhooks.list({ limit: 100 })).data) {
    await client.webhooks.delete(id);
  }
  await target.close();
  await tenant.remove();
});

const headersOf = (received: TReceived) =>
  Object.fromEntries(
    Object.entries(received.headers).map(([name, value]) => [name, String(value)]),
  );

async function deliveryAbout(agentId: string) {
  return eventually(async () => {
    const delivery = target.received.find((entry) => entry.body.includes(agentId));
    if (!delivery) throw new Error(`no delivery about ${agentId} yet`);
    return delivery;
  }, 15_000);
}

describe("verifyWebhook on real deliveries", () => {
  test("signWebhookForTest signs as the service does: a real delivery's own signature, which verifyWebhook accepts", async () => {
    const endpoint = await client.webhooks.create({
      url: `${target.origin}/test-helper`,
      events: ["agent.registered"],
      secret: whsec,
    });
    const agent = await client.agents.create({ name: "Signed by the helper" });
    const received = await deliveryAbout(agent.id);
    const delivered = headersOf(received);
    const signed = await signWebhookForTest({
      payload: received.body,
      secret: whsec,
      id: delivered["webhook-id"],
      timestamp: new Date(Number(delivered["webhook-timestamp"]) * 1000),
    });
    expect(signed).toEqual({
      "webhook-id": delivered["webhook-id"],
      "webhook-timestamp": delivered["webhook-timestamp"],
      "webhook-signature": delivered["webhook-signature"],
    });
    const fresh = await signWebhookForTest({ payload: received.body, secret: whsec });
    expect((await verifyWebhook(received.body, fresh, whsec)).type).toBe("agent.registered");
    // The other tests read deliveries by agent: this endpoint must not add its own.
    await client.webhooks.delete(endpoint.id);
  });

  test("accepts whsec_ and plain secrets, both signatures during a rotation, and refuses forgeries", async () => {
    const endpoint = await client.webhooks.create({
      url: `${target.origin}/hook`,
      events: ["agent.registered"],
      secret: whsec,
    });
    const agent = await client.agents.create({ name: "Before rotation" });
    const first = await deliveryAbout(agent.id);
    const event = await verifyWebhook(first.body, headersOf(first), whsec);
    expect(event).toMatchObject({ type: "agent.registered", data: { object: { id: agent.id } } });
    if (event.type === "agent.registered") expect(event.data.object.name).toBe("Before rotation");
    expect(webhookBodyProblem(event.type, event)).toBeNull();
    await expect(verifyWebhook(first.body, headersOf(first), plainSecret)).rejects.toThrow(
      WebhookVerificationError,
    );

    await client.webhooks.update(endpoint.id, { secret: plainSecret });
    const during = await client.agents.create({ name: "During the overlap" });
    const overlap = await deliveryAbout(during.id);
    expect(headersOf(overlap)["webhook-signature"]!.split(" ")).toHaveLength(2);
    for (const secret of [whsec, plainSecret, [plainSecret, "another-secret-being-retired-00"]]) {
      expect((await verifyWebhook(overlap.body, headersOf(overlap), secret)).type).toBe(
        "agent.registered",
      );
    }

    const tampered = overlap.body.replace("During the overlap", "During the overlaq");
    await expect(verifyWebhook(tampered, headersOf(overlap), plainSecret)).rejects.toThrow(
      "no signature matches",
    );
    const later = new Date(Date.now() + 10 * 60_000);
    await expect(
      verifyWebhook(overlap.body, headersOf(overlap), plainSecret, { now: later }),
    ).rejects.toThrow("outside the tolerance");
    const { "webhook-signature": _, ...unsigned } = headersOf(overlap);
    await expect(verifyWebhook(overlap.body, unsigned, plainSecret)).rejects.toThrow(
      "missing webhook-id",
    );
    const headers = new Headers(headersOf(overlap));
    expect((await verifyWebhook(overlap.body, headers, plainSecret)).type).toBe("agent.registered");
  });
});
