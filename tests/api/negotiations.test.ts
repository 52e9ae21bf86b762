import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { events, negotiations } from "@/db/schema";
import type { TScope } from "@/lib/auth/scopes";
import { createApiKey } from "@/lib/keys/create-key";
import { expireNegotiation } from "@/lib/negotiations/expire-negotiation";
import { call } from "../support/api";
import { agentOf, negotiate } from "../support/deals";
import { seedTenant, type TTestTenant } from "../support/tenant";

let acme: TTestTenant;
let globex: TTestTenant;
let stranger: TTestTenant;
beforeAll(async () => {
  [acme, globex, stranger] = await Promise.all([seedTenant(), seedTenant(), seedTenant()]);
});
afterAll(() => Promise.all([acme.remove(), globex.remove(), stranger.remove()]));

const respond = (key: string, id: string, body: Record<string, unknown>) =>
  call("POST", `/negotiations/${id}/respond`, { key, body });

const eventTypesOf = async (negotiationId: string, organizationId: string) =>
  (
    await db
      .select()
      .from(events)
      .where(eq(events.organizationId, organizationId))
      .orderBy(asc(events.createdAt))
  )
    .filter((event) => (event.data.object as { id?: string }).id === negotiationId)
    .map((event) => event.type);

describe("negotiations", () => {
  test("two organizations negotiate: counter resets acceptances, every party must accept", async () => {
    const payer = await agentOf(acme.keys.sandbox);
    const ownPayee = await agentOf(acme.keys.sandbox, { discoverable: false });
    const theirPayee = await agentOf(globex.keys.sandbox);
    const created = await negotiate(acme.keys.sandbox, {
      initiatorAgentId: payer,
      responders: [ownPayee, theirPayee],
      terms: { amount: { value: 1000, currency: "USD" }, description: "Translate 10 pages" },
      metadata: { order: "42" },
    });
    expect(created).toMatchObject({
      status: "open",
      round: 1,
      initiatorAgentId: payer,
      responders: [ownPayee, theirPayee],
      acceptedBy: [payer],
      terms: {
        amount: { value: 1000, currency: "USD" },
        splits: [
          { agentId: ownPayee, amount: 500 },
          { agentId: theirPayee, amount: 500 },
        ],
      },
      parties: [
        { agentId: payer, role: "initiator", amount: 1000 },
        { agentId: ownPayee, role: "responder", amount: 500 },
        { agentId: theirPayee, role: "responder", amount: 500 },
      ],
      metadata: { order: "42" },
    });
    expect(created.id).toMatch(/^neg-/);
    expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(24 * 3600 * 1000);

    // the other organization sees it, in the list and by id; a stranger does not
    const seen = await call("GET", `/negotiations/${created.id}`, { key: globex.keys.sandbox });
    expect(seen.status).toBe(200);
    const listed = await call("GET", "/negotiations", { key: globex.keys.sandbox });
    expect(listed.body.data.map((n: { id: string }) => n.id)).toContain(created.id);
    expect(
      (await call("GET", `/negotiations/${created.id}`, { key: stranger.keys.sandbox })).status,
    ).toBe(404);
    const strangerList = await call("GET", "/negotiations", { key: stranger.keys.sandbox });
    expect(strangerList.body.data).toEqual([]);
    const strangerAgent = await agentOf(stranger.keys.sandbox);
    const strangerResponse = await respond(stranger.keys.sandbox, created.id, {
      agentId: strangerAgent,
      action: "accept",
    });
    expect(strangerResponse.status).toBe(404);

    // globex accepts round 1, then acme's own payee counters: round 2, acceptances reset
    expect(
      (await respond(globex.keys.sandbox, created.id, { agentId: theirPayee, action: "accept" }))
        .body.acceptedBy,
    ).toEqual([payer, theirPayee]);
    const again = await respond(globex.keys.sandbox, created.id, {
      agentId: theirPayee,
      action: "accept",
    });
    expect(again.status).toBe(409);
    const countered = await respond(acme.keys.sandbox, created.id, {
      agentId: ownPayee,
      action: "counter",
      message: "more for me",
      terms: {
        amount: { value: 1200, currency: "USD" },
        splits: [
          { agentId: theirPayee, amount: 500 },
          { agentId: ownPayee, amount: 700 },
        ],
      },
    });
    expect(countered.status).toBe(200);
    expect(countered.body).toMatchObject({ status: "open", round: 2, acceptedBy: [ownPayee] });
    expect(countered.body.terms.splits).toEqual([
      { agentId: ownPayee, amount: 700 },
      { agentId: theirPayee, amount: 500 },
    ]);
    expect(countered.body.rounds).toHaveLength(2);
    expect(countered.body.rounds[0].responses.map((r: { action: string }) => r.action)).toEqual([
      "accept",
      "counter",
    ]);

    // the counter's proposer cannot answer its own round; the others accept it
    expect(
      (await respond(acme.keys.sandbox, created.id, { agentId: ownPayee, action: "accept" }))
        .status,
    ).toBe(409);
    expect(
      (await respond(acme.keys.sandbox, created.id, { agentId: payer, action: "accept" })).body
        .status,
    ).toBe("open");
    const accepted = await respond(globex.keys.sandbox, created.id, {
      agentId: theirPayee,
      action: "accept",
    });
    expect(accepted.body).toMatchObject({
      status: "accepted",
      acceptedBy: [ownPayee, payer, theirPayee],
    });
    expect(accepted.body.closedAt).not.toBeNull();

    // closed: nothing more
    expect(
      (await respond(acme.keys.sandbox, created.id, { agentId: payer, action: "cancel" })).status,
    ).toBe(409);
    expect(await eventTypesOf(created.id, acme.organizationId)).toEqual([
      "negotiation.created",
      "negotiation.countered",
      "negotiation.accepted",
    ]);
    expect(await eventTypesOf(created.id, globex.organizationId)).toEqual([
      "negotiation.created",
      "negotiation.countered",
      "negotiation.accepted",
    ]);
  });

  test("an answer naming a round a counter has replaced is 409 and lands nowhere", async () => {
    const key = acme.keys.sandbox;
    const payer = await agentOf(key);
    const [first, second] = [await agentOf(key), await agentOf(key)];
    const created = await negotiate(key, {
      initiatorAgentId: payer,
      responders: [first, second],
      terms: { amount: { value: 100, currency: "USD" } },
    });
    const countered = await respond(key, created.id, {
      agentId: second,
      action: "counter",
      round: 1,
      terms: {
        amount: { value: 100, currency: "USD" },
        splits: [
          { agentId: first, amount: 20 },
          { agentId: second, amount: 80 },
        ],
      },
    });
    expect(countered.body).toMatchObject({ round: 2, acceptedBy: [second] });
    // `first` read round 1 (50/50) and accepts it: the counter got there first.
    const stale = await respond(key, created.id, { agentId: first, action: "accept", round: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: "conflict", param: "round" });
    expect(stale.body.error.message).toContain("round 2");
    const unchanged = await call("GET", `/negotiations/${created.id}`, { key });
    expect(unchanged.body).toMatchObject({ status: "open", round: 2, acceptedBy: [second] });
    const future = await respond(key, created.id, { agentId: first, action: "accept", round: 3 });
    expect(future.body.error).toMatchObject({ code: "conflict", param: "round" });

    const current = await respond(key, created.id, { agentId: first, action: "accept", round: 2 });
    expect(current.status).toBe(200);
    expect(current.body.acceptedBy).toEqual(expect.arrayContaining([first, second]));
  });

  test("reject and cancel close it; only the initiator cancels, with negotiation.cancel", async () => {
    const payer = await agentOf(acme.keys.sandbox);
    const payee = await agentOf(acme.keys.sandbox);
    const terms = { amount: { value: 300, currency: "EUR" } };
    const first = await negotiate(acme.keys.sandbox, {
      initiatorAgentId: payer,
      responders: [payee],
      terms,
    });
    expect(
      (await respond(acme.keys.sandbox, first.id, { agentId: payee, action: "reject" })).body
        .status,
    ).toBe("rejected");
    expect(
      (await respond(acme.keys.sandbox, first.id, { agentId: payee, action: "accept" })).status,
    ).toBe(409);

    const second = await negotiate(acme.keys.sandbox, {
      initiatorAgentId: payer,
      responders: [payee],
      terms,
    });
    const byResponder = await respond(acme.keys.sandbox, second.id, {
      agentId: payee,
      action: "cancel",
    });
    expect(byResponder.status).toBe(403);
    expect(byResponder.body.error.param).toBe("agentId");

    const noCancelScope = await seedTenantKey(["negotiation.respond", "negotiation.read"]);
    const withoutScope = await respond(noCancelScope, second.id, {
      agentId: payer,
      action: "cancel",
    });
    expect(withoutScope.status).toBe(403);
    expect(withoutScope.body.error.message).toContain("negotiation.cancel");

    const cancelled = await respond(acme.keys.sandbox, second.id, {
      agentId: payer,
      action: "cancel",
    });
    expect(cancelled.body.status).toBe("cancelled");
    expect(
      (await respond(acme.keys.sandbox, second.id, { agentId: payee, action: "accept" })).status,
    ).toBe(409);
  });

  test("expiry: reads and behaves as expired before any job ran; the job persists it once", async () => {
    const payer = await agentOf(acme.keys.sandbox);
    const payee = await agentOf(acme.keys.sandbox);
    const created = await negotiate(acme.keys.sandbox, {
      initiatorAgentId: payer,
      responders: [payee],
      terms: { amount: { value: 100, currency: "GBP" } },
      expiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const read = await call("GET", `/negotiations/${created.id}`, { key: acme.keys.sandbox });
    expect(read.body.status).toBe("expired");
    const expiredList = await call("GET", `/negotiations?status=expired&agentId=${payer}`, {
      key: acme.keys.sandbox,
    });
    expect(expiredList.body.data.map((n: { id: string }) => n.id)).toEqual([created.id]);
    const openList = await call("GET", `/negotiations?status=open&agentId=${payer}`, {
      key: acme.keys.sandbox,
    });
    expect(openList.body.data).toEqual([]);
    const late = await respond(acme.keys.sandbox, created.id, { agentId: payee, action: "accept" });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain("expired");
    const [row] = await db.select().from(negotiations).where(eq(negotiations.id, created.id));
    expect(row?.status).toBe("expired");
    expect(await expireNegotiation(created.id)).toEqual({
      negotiationId: created.id,
      status: "expired",
    });
    const types = await eventTypesOf(created.id, acme.organizationId);
    expect(types.filter((type) => type === "negotiation.expired")).toHaveLength(1);
    // an agent in an expired negotiation can be deleted
    expect((await call("DELETE", `/agents/${payee}`, { key: acme.keys.sandbox })).status).toBe(200);
  });

  test("an agent in an open negotiation cannot be deleted", async () => {
    const payer = await agentOf(acme.keys.sandbox);
    const payee = await agentOf(globex.keys.sandbox);
    await negotiate(acme.keys.sandbox, {
      initiatorAgentId: payer,
      responders: [payee],
      terms: { amount: { value: 100, currency: "USD" } },
    });
    expect((await call("DELETE", `/agents/${payer}`, { key: acme.keys.sandbox })).status).toBe(409);
    expect((await call("DELETE", `/agents/${payee}`, { key: globex.keys.sandbox })).status).toBe(
      409,
    );
  });

  describe("bad input is 400 with param and changes nothing", () => {
    const cases: [string, (ids: TIds) => unknown, string][] = [
      ["unknown field", (ids) => ({ ...base(ids), extra: 1 }), "extra"],
      ["no responders", (ids) => ({ ...base(ids), responders: [] }), "responders"],
      [
        "repeated responder",
        (ids) => ({ ...base(ids), responders: [ids.payee, ids.payee] }),
        "responders",
      ],
      [
        "initiator as responder",
        (ids) => ({ ...base(ids), responders: [ids.payer] }),
        "responders",
      ],
      [
        "zero amount",
        (ids) => ({ ...base(ids), terms: { amount: { value: 0, currency: "USD" } } }),
        "terms.amount.value",
      ],
      [
        "fraction",
        (ids) => ({ ...base(ids), terms: { amount: { value: 1.5, currency: "USD" } } }),
        "terms.amount.value",
      ],
      [
        "above 10^15",
        (ids) => ({ ...base(ids), terms: { amount: { value: 1e15 + 1, currency: "USD" } } }),
        "terms.amount.value",
      ],
      [
        "string value",
        (ids) => ({ ...base(ids), terms: { amount: { value: "10", currency: "USD" } } }),
        "terms.amount.value",
      ],
      [
        "unknown currency",
        (ids) => ({ ...base(ids), terms: { amount: { value: 10, currency: "XYZ" } } }),
        "terms.amount.currency",
      ],
      [
        "uneven split",
        (ids) => ({
          ...base(ids),
          responders: [ids.payee, ids.other],
          terms: { amount: { value: 101, currency: "USD" } },
        }),
        "terms.splits",
      ],
      [
        "splits not summing",
        (ids) => ({
          ...base(ids),
          terms: {
            amount: { value: 100, currency: "USD" },
            splits: [{ agentId: ids.payee, amount: 99 }],
          },
        }),
        "terms.splits",
      ],
      [
        "split for a non-responder",
        (ids) => ({
          ...base(ids),
          terms: {
            amount: { value: 100, currency: "USD" },
            splits: [{ agentId: ids.other, amount: 100 }],
          },
        }),
        "terms.splits.0.agentId",
      ],
      [
        "past expiry",
        (ids) => ({ ...base(ids), expiresAt: "2020-01-01T00:00:00.000Z" }),
        "expiresAt",
      ],
      ["malformed expiry", (ids) => ({ ...base(ids), expiresAt: "tomorrow" }), "expiresAt"],
      [
        "missing initiator with an API key",
        (ids) => ({ responders: [ids.payee], terms: base(ids).terms }),
        "initiatorAgentId",
      ],
    ];
    type TIds = { payer: string; payee: string; other: string };
    const base = (ids: TIds) => ({
      initiatorAgentId: ids.payer,
      responders: [ids.payee],
      terms: { amount: { value: 100, currency: "USD" } },
    });
    test.each(cases)("%s", async (_name, body, param) => {
      const ids = {
        payer: await agentOf(acme.keys.sandbox),
        payee: await agentOf(acme.keys.sandbox),
        other: await agentOf(acme.keys.sandbox),
      };
      const response = await call("POST", "/negotiations", {
        key: acme.keys.sandbox,
        body: body(ids),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.error.param).toBe(param);
      const list = await call("GET", `/negotiations?agentId=${ids.payer}`, {
        key: acme.keys.sandbox,
      });
      expect(list.body.data).toEqual([]);
    });
  });

  test("agents the caller may not use are 404 with param; suspended ones 409", async () => {
    const payer = await agentOf(acme.keys.sandbox);
    const hidden = await agentOf(globex.keys.sandbox, { discoverable: false });
    const theirs = await agentOf(globex.keys.sandbox);
    const terms = { amount: { value: 100, currency: "USD" } };
    const hiddenResponder = await call("POST", "/negotiations", {
      key: acme.keys.sandbox,
      body: { initiatorAgentId: payer, responders: [hidden], terms },
    });
    expect(hiddenResponder.status).toBe(404);
    expect(hiddenResponder.body.error.param).toBe("responders.0");
    const foreignInitiator = await call("POST", "/negotiations", {
      key: acme.keys.sandbox,
      body: { initiatorAgentId: theirs, responders: [payer], terms },
    });
    expect(foreignInitiator.status).toBe(404);
    expect(foreignInitiator.body.error.param).toBe("initiatorAgentId");
    await call("PATCH", `/agents/${theirs}`, {
      key: globex.keys.sandbox,
      body: { status: "suspended" },
    });
    const suspended = await call("POST", "/negotiations", {
      key: acme.keys.sandbox,
      body: { initiatorAgentId: payer, responders: [theirs], terms },
    });
    expect(suspended.status).toBe(409);

    const open = await negotiate(acme.keys.sandbox, {
      initiatorAgentId: payer,
      responders: [await agentOf(acme.keys.sandbox)],
      terms,
    });
    const badResponses: [Record<string, unknown>, string][] = [
      [{ agentId: payer, action: "maybe" }, "action"],
      [{ agentId: payer, action: "accept", terms }, "terms"],
      [{ agentId: payer, action: "counter" }, "terms"],
      [{ action: "accept" }, "agentId"],
      [{ agentId: payer, action: "accept", mood: "happy" }, "mood"],
    ];
    for (const [body, param] of badResponses) {
      const response = await respond(acme.keys.sandbox, open.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.param).toBe(param);
    }
    const notParty = await respond(acme.keys.sandbox, open.id, {
      agentId: await agentOf(acme.keys.sandbox),
      action: "accept",
    });
    expect(notParty.status).toBe(403);
    const foreignAgent = await respond(acme.keys.sandbox, open.id, {
      agentId: theirs,
      action: "accept",
    });
    expect(foreignAgent.status).toBe(404);
    expect(foreignAgent.body.error.param).toBe("agentId");
    const unchanged = await call("GET", `/negotiations/${open.id}`, { key: acme.keys.sandbox });
    expect(unchanged.body.rounds[0].responses).toEqual([]);
  });

  test("scopes: reading and creating need their scopes", async () => {
    const readOnly = await seedTenantKey(["negotiation.read"]);
    const response = await call("POST", "/negotiations", {
      key: readOnly,
      body: {
        initiatorAgentId: "agent-x",
        responders: ["agent-y"],
        terms: { amount: { value: 1, currency: "USD" } },
      },
    });
    expect(response.status).toBe(403);
    const noRead = await seedTenantKey(["negotiation.create"]);
    expect((await call("GET", "/negotiations", { key: noRead })).status).toBe(403);
  });
});

/** A sandbox key of acme's organization with only the given scopes. */
async function seedTenantKey(scopes: readonly TScope[]) {
  const key = await createApiKey({
    organizationId: acme.organizationId,
    environment: "sandbox",
    name: "scoped",
    scopes,
  });
  return key.secret;
}
