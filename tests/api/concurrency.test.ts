import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, eventually, type TApiResponse } from "../support/api";
import { acceptedNegotiation, openNegotiation, pendingSettlement, settled } from "../support/deals";
import { expectError } from "../support/expect-error";
import { answer, startReceiver, type TReceiver } from "../support/receiver";
import { seedTenant, type TTestTenant } from "../support/tenant";

/** Twenty clients at once, as a retrying fleet or a race would send them. */
const CLIENTS = 20;
let tenant: TTestTenant;
let key: string;
let receiver: TReceiver;

beforeAll(async () => {
  tenant = await seedTenant();
  key = tenant.keys.sandbox;
  receiver = await startReceiver({ handler: answer(200) });
});
afterAll(async () => {
  await receiver?.close();
  await tenant?.remove();
});

const atOnce = (send: () => Promise<TApiResponse>) =>
  Promise.all(Array.from({ length: CLIENTS }, send));

/** Exactly the answers with `status` did the work, and every other one is a 409 in the envelope. */
function winners(answers: TApiResponse[], status: number) {
  const won = answers.filter((response) => response.status === status);
  for (const lost of answers.filter((response) => response.status !== status)) {
    expectError(lost, 409, "conflict");
  }
  return won;
}

const acceptedNegotiationId = async (value: number) =>
  (await acceptedNegotiation(key, { value })).negotiation.id as string;

async function eventsAbout(type: string, objectId: string) {
  const listed = await call("GET", `/events?type=${type}&limit=100`, { key });
  return listed.body.data.filter(
    (event: { data: { object: { id: string } } }) => event.data.object.id === objectId,
  );
}

describe("the same Idempotency-Key from 20 clients at once", () => {
  test("create settlement: one settlement, replayed to every client that got an answer", async () => {
    const negotiationId = await acceptedNegotiationId(2100);
    const headers = { "Idempotency-Key": randomUUID() };
    const answers = await atOnce(() =>
      call("POST", "/settlements", { key, headers, body: { negotiationId } }),
    );
    const created = winners(answers, 201);
    expect(new Set(created.map((response) => response.body.id)).size).toBe(1);
    const listed = await call("GET", `/settlements?negotiationId=${negotiationId}`, { key });
    expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([created[0]!.body.id]);
  });

  test("execute: one execution and one settlement.executed", async () => {
    const { settlement } = await pendingSettlement(key, { value: 2200 });
    const headers = { "Idempotency-Key": randomUUID() };
    const answers = await atOnce(() =>
      call("POST", `/settlements/${settlement.id}/execute`, { key, headers, body: {} }),
    );
    expect(winners(answers, 202).length).toBeGreaterThanOrEqual(1);
    expect((await settled(key, settlement.id)).status).toBe("executed");
    await eventually(async () =>
      expect(await eventsAbout("settlement.executed", settlement.id)).toHaveLength(1),
    );
  });

  test("reverse: reversed once and one settlement.reversed", async () => {
    const { settlement } = await pendingSettlement(key, { value: 2300 });
    await call("POST", `/settlements/${settlement.id}/execute`, { key, body: {} });
    await settled(key, settlement.id);
    const headers = { "Idempotency-Key": randomUUID() };
    const answers = await atOnce(() =>
      call("POST", `/settlements/${settlement.id}/reverse`, {
        key,
        headers,
        body: { reason: "race" },
      }),
    );
    const reversed = winners(answers, 200);
    expect(reversed.length).toBeGreaterThanOrEqual(1);
    expect(reversed.every((response) => response.body.status === "reversed")).toBe(true);
    expect(await eventsAbout("settlement.reversed", settlement.id)).toHaveLength(1);
  });
});

describe("races without a key", () => {
  test("20 settlements from one negotiation at once: exactly one", async () => {
    const negotiationId = await acceptedNegotiationId(2400);
    const answers = await atOnce(() =>
      call("POST", "/settlements", { key, body: { negotiationId } }),
    );
    expect(winners(answers, 201)).toHaveLength(1);
    const listed = await call("GET", `/settlements?negotiationId=${negotiationId}`, { key });
    expect(listed.body.data).toHaveLength(1);
  });

  test("racing responses to one negotiation: one accept wins", async () => {
    const { payee, negotiation: opened } = await openNegotiation(key, { value: 2500 });
    const answers = await atOnce(() =>
      call("POST", `/negotiations/${opened.id}/respond`, {
        key,
        body: { agentId: payee, action: "accept" },
      }),
    );
    expect(winners(answers, 200)).toHaveLength(1);
    expect((await call("GET", `/negotiations/${opened.id}`, { key })).body.status).toBe("accepted");
    expect(await eventsAbout("negotiation.accepted", opened.id)).toHaveLength(1);
  });

  test("racing registrations of one webhook URL: one endpoint", async () => {
    const url = `${receiver.origin}/race/${randomUUID()}`;
    const answers = await atOnce(() =>
      call("POST", "/webhooks", {
        key,
        body: {
          url,
          events: ["agent.registered"],
          secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        },
      }),
    );
    expect(winners(answers, 201)).toHaveLength(1);
    const listed = await call("GET", "/webhooks?limit=100", { key });
    expect(listed.body.data.filter((row: { url: string }) => row.url === url)).toHaveLength(1);
  });
});
