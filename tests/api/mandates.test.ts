import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { evidenceRecords, ledgerTransfers, mandateSpendDays, settlements } from "@/db/schema";
import { createTreeHeadVerifier, type TReceiptBundle, verifyReceiptBundle } from "@/lib/attest";
import { call, eventually } from "../support/api";
import {
  acceptedNegotiation,
  agentOf,
  negotiate,
  pendingSettlement,
  settled,
} from "../support/deals";
import { expectError } from "../support/expect-error";
import { seedTenant, type TTestTenant } from "../support/tenant";
import { restingTenantRows, tenantRows } from "../support/tenant-rows";

let tenant: TTestTenant;
let other: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
  other = await seedTenant();
});
afterAll(async () => {
  await tenant?.remove();
  await other?.remove();
});

const key = () => tenant.keys.sandbox;

const mandate = (overrides: Record<string, unknown> = {}) => ({
  limits: [{ currency: "USD", perSettlement: 1000, perDay: 7000 }],
  ...overrides,
});

const setMandate = async (agentId: string, value: unknown) => {
  const patched = await call("PATCH", `/agents/${agentId}`, {
    key: key(),
    body: { mandate: value },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  return patched.body;
};

const wallet = async (agentId: string) =>
  (await call("GET", `/agents/${agentId}/wallet`, { key: key() })).body;

const fund = async (agentId: string, value: number) => {
  const funded = await call("POST", `/agents/${agentId}/wallet/fund`, {
    key: key(),
    body: { amount: { value, currency: "USD" } },
  });
  expect(funded.status).toBe(200);
};

const transfersOf = (settlementIds: string[]) =>
  db.select().from(ledgerTransfers).where(inArray(ledgerTransfers.reference, settlementIds));

const spentToday = async (agentId: string) => {
  const [row] = await db
    .select({ spent: mandateSpendDays.spent })
    .from(mandateSpendDays)
    .where(
      and(
        eq(mandateSpendDays.agentId, agentId),
        eq(mandateSpendDays.currency, "USD"),
        eq(mandateSpendDays.day, new Date().toISOString().slice(0, 10)),
      ),
    );
  return row?.spent ?? 0;
};

describe("PATCH /v1/agents/:id mandate", () => {
  test("sets, shows, keeps the version for equal terms, grows it on each change and removal", async () => {
    const agent = await agentOf(key());
    const [b, a] = [await agentOf(key()), await agentOf(key())];
    expect((await call("GET", `/agents/${agent}`, { key: key() })).body.mandate).toBeNull();

    const set = await setMandate(agent, {
      limits: [
        { currency: "USD", perSettlement: 1000, perDay: 5000 },
        { currency: "EUR", perSettlement: 200, perDay: 900 },
      ],
      allowedCounterparties: [b, a, b],
      expiresAt: "2099-01-01T01:00:00+01:00",
    });
    expect(set.mandate).toEqual({
      limits: [
        { currency: "EUR", perSettlement: 200, perDay: 900 },
        { currency: "USD", perSettlement: 1000, perDay: 5000 },
      ],
      allowedCounterparties: [a, b].sort(),
      expiresAt: "2099-01-01T00:00:00.000Z",
      version: 1,
      signedBy: null,
      hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    const read = await call("GET", `/agents/${agent}`, { key: key() });
    expect(read.body.mandate).toEqual(set.mandate);
    const listed = await call("GET", "/agents?limit=100", { key: key() });
    expect(listed.body.data.find((row: { id: string }) => row.id === agent)).toEqual(read.body);

    // The same terms in another order are the same mandate: nothing changes.
    const same = await setMandate(agent, {
      limits: [
        { currency: "USD", perSettlement: 1000, perDay: 5000 },
        { currency: "EUR", perSettlement: 200, perDay: 900 },
      ],
      allowedCounterparties: [a, b],
      expiresAt: "2099-01-01T00:00:00.000Z",
    });
    expect(same.mandate).toEqual(set.mandate);

    const changed = await setMandate(agent, mandate());
    expect(changed.mandate).toMatchObject({
      limits: [{ currency: "USD", perSettlement: 1000, perDay: 7000 }],
      allowedCounterparties: null,
      expiresAt: null,
      version: 2,
    });
    expect(changed.mandate.hash).not.toBe(set.mandate.hash);
    expect((await setMandate(agent, null)).mandate).toBeNull();
    expect((await setMandate(agent, null)).mandate).toBeNull();
    expect((await setMandate(agent, mandate())).mandate).toMatchObject({
      version: 4,
      hash: changed.mandate.hash,
    });
    // Other fields of a PATCH leave the mandate alone.
    const renamed = await call("PATCH", `/agents/${agent}`, {
      key: key(),
      body: { name: "Renamed" },
    });
    expect(renamed.body.mandate).toMatchObject({ version: 4 });
  });

  test("bad mandates are 400 with the param and change nothing", async () => {
    const agent = await agentOf(key());
    await setMandate(agent, mandate());
    const before = await restingTenantRows(tenant.organizationId);
    const cases: [unknown, string][] = [
      [{}, "mandate.limits"],
      [{ limits: [] }, "mandate.limits"],
      [{ limits: [{ currency: "usd", perSettlement: 1, perDay: 1 }] }, "mandate.limits.0.currency"],
      [
        { limits: [{ currency: "USD", perSettlement: 0, perDay: 1 }] },
        "mandate.limits.0.perSettlement",
      ],
      [
        { limits: [{ currency: "USD", perSettlement: 1.5, perDay: 10 }] },
        "mandate.limits.0.perSettlement",
      ],
      [
        { limits: [{ currency: "USD", perSettlement: 10, perDay: 5 }] },
        "mandate.limits.0.perSettlement",
      ],
      [
        {
          limits: [
            { currency: "USD", perSettlement: 1, perDay: 1 },
            { currency: "USD", perSettlement: 2, perDay: 2 },
          ],
        },
        "mandate.limits",
      ],
      [{ ...mandate(), allowedCounterparties: ["bob"] }, "mandate.allowedCounterparties.0"],
      [{ ...mandate(), expiresAt: "tomorrow" }, "mandate.expiresAt"],
      [{ ...mandate(), expiresAt: "2020-01-01T00:00:00.000Z" }, "mandate.expiresAt"],
      [{ ...mandate(), perMonth: 5 }, "mandate.perMonth"],
      ["USD 1000", "mandate"],
    ];
    for (const [value, param] of cases) {
      const answer = await call("PATCH", `/agents/${agent}`, {
        key: key(),
        body: { mandate: value },
      });
      expectError(answer, 400, "invalid_request", param);
    }
    expect(await tenantRows(tenant.organizationId)).toEqual(before);
  });

  test("another organization's agent is 404; an agent token cannot change its own mandate", async () => {
    const agent = await agentOf(key());
    const stranger = await call("PATCH", `/agents/${agent}`, {
      key: other.keys.sandbox,
      body: { mandate: mandate() },
    });
    expectError(stranger, 404, "not_found");

    const token = await call("POST", "/auth/token", {
      key: key(),
      body: { agent_id: agent, scopes: ["agent.update"] },
    });
    expect(token.status, JSON.stringify(token.body)).toBe(201);
    const before = await restingTenantRows(tenant.organizationId);
    const self = await call("PATCH", `/agents/${agent}`, {
      key: token.body.token,
      body: { mandate: null },
    });
    expectError(self, 403, "forbidden");
    expect(await tenantRows(tenant.organizationId)).toEqual(before);
  });
});

describe("settlements under a mandate", () => {
  test("over the per-settlement limit or to a counterparty not allowed: refused at creation, nothing written", async () => {
    const [payer, payee, stranger] = [
      await agentOf(key()),
      await agentOf(key()),
      await agentOf(key()),
    ];
    await setMandate(payer, mandate({ allowedCounterparties: [payee] }));
    const tooMuch = (await acceptedNegotiation(key(), { payer, payee, value: 1001 })).negotiation
      .id;
    const elsewhere = (await acceptedNegotiation(key(), { payer, payee: stranger, value: 500 }))
      .negotiation.id;
    const euros = await negotiate(key(), {
      initiatorAgentId: payer,
      responders: [payee],
      terms: { amount: { value: 100, currency: "EUR" } },
    });
    await call("POST", `/negotiations/${euros.id}/respond`, {
      key: key(),
      body: { agentId: payee, action: "accept" },
    });
    const before = await restingTenantRows(tenant.organizationId);
    const refusals: [string, string, RegExp][] = [
      [tooMuch, "mandate_limit_exceeded", /10\.01 USD is above the limit of 10\.00 USD/],
      [elsewhere, "mandate_counterparty_not_allowed", new RegExp(`not allow paying ${stranger}`)],
      [euros.id, "mandate_currency_not_allowed", /no limit for EUR/],
    ];
    for (const [negotiationId, code, message] of refusals) {
      const answer = await call("POST", "/settlements", { key: key(), body: { negotiationId } });
      expect(expectError(answer, 422, code).message).toMatch(message);
    }
    expect(await tenantRows(tenant.organizationId)).toEqual(before);
  });

  test("a mandate set or expired after creation refuses execution before any ledger entry; the settlement stays pending", async () => {
    const [payer, payee] = [await agentOf(key()), await agentOf(key())];
    await fund(payer, 50_000);
    const big = (await pendingSettlement(key(), { payer, payee, value: 3000, adapter: "ledger" }))
      .settlement.id;
    const soon = (await pendingSettlement(key(), { payer, payee, value: 500, adapter: "ledger" }))
      .settlement.id;
    await setMandate(payer, mandate());
    const walletsBefore = [await wallet(payer), await wallet(payee)];
    const before = await restingTenantRows(tenant.organizationId);
    const refused = await call("POST", `/settlements/${big}/execute`, { key: key(), body: {} });
    expectError(refused, 422, "mandate_limit_exceeded");

    await setMandate(payer, mandate({ expiresAt: new Date(Date.now() + 1500).toISOString() }));
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rowsBefore = await restingTenantRows(tenant.organizationId);
    const expired = await call("POST", `/settlements/${soon}/execute`, { key: key(), body: {} });
    expect(expectError(expired, 422, "mandate_expired").message).toContain("expired at");
    expect(await tenantRows(tenant.organizationId)).toEqual(rowsBefore);

    for (const id of [big, soon]) {
      const current = await call("GET", `/settlements/${id}`, { key: key() });
      expect(current.body.status).toBe("pending");
    }
    expect(await transfersOf([big, soon])).toEqual([]);
    expect([await wallet(payer), await wallet(payee)]).toEqual(walletsBefore);
    expect(await spentToday(payer)).toBe(0);
    // Only the mandate change wrote anything between the two snapshots.
    expect((await tenantRows(tenant.organizationId)).settlements).toEqual(before.settlements);
  });

  test("20 concurrent executions: exactly those that fit the daily cap run, the day's total never passes it", async () => {
    const [payer, payee] = [await agentOf(key()), await agentOf(key())];
    await fund(payer, 100_000);
    await setMandate(payer, mandate());
    const ids: string[] = [];
    for (let i = 0; i < 20; i++)
      ids.push(
        (await pendingSettlement(key(), { payer, payee, value: 1000, adapter: "ledger" }))
          .settlement.id,
      );

    const answers = await Promise.all(
      ids.map((id) => call("POST", `/settlements/${id}/execute`, { key: key(), body: {} })),
    );
    const accepted = ids.filter((_, i) => answers[i]!.status === 202);
    const refused = ids.filter((_, i) => answers[i]!.status !== 202);
    expect(accepted).toHaveLength(7);
    for (const answer of answers.filter((a) => a.status !== 202)) {
      expect(expectError(answer, 422, "mandate_daily_limit_exceeded").message).toMatch(
        /has spent 70\.00 USD on .* daily limit of 70\.00 USD/,
      );
    }
    for (const id of accepted) expect((await settled(key(), id)).status).toBe("executed");
    for (const id of refused) {
      expect((await call("GET", `/settlements/${id}`, { key: key() })).body.status).toBe("pending");
    }
    expect(await spentToday(payer)).toBe(7000);
    expect(await transfersOf(refused)).toEqual([]);
    expect((await transfersOf(accepted)).map((transfer) => transfer.kind)).toEqual(
      accepted.map(() => "execute"),
    );
    expect((await wallet(payer)).balances).toEqual([{ currency: "USD", balance: 93_000 }]);
    expect((await wallet(payee)).balances).toEqual([{ currency: "USD", balance: 7000 }]);

    // Each executed settlement recorded what was spent before it: together, 0 … 6000 once each.
    const recorded = await db
      .select({ payload: evidenceRecords.payload })
      .from(evidenceRecords)
      .where(
        and(
          inArray(evidenceRecords.settlementId, accepted),
          eq(evidenceRecords.type, "mandate_checked"),
        ),
      );
    expect(recorded.map((row) => row.payload.spentBefore as number).sort((x, y) => x - y)).toEqual([
      0, 1000, 2000, 3000, 4000, 5000, 6000,
    ]);
  });

  test("a settlement that fails at the rail gives its reservation back", async () => {
    const [payer, payee] = [await agentOf(key()), await agentOf(key())];
    await setMandate(payer, mandate());
    const id = (await pendingSettlement(key(), { payer, payee, value: 1000, adapter: "ledger" }))
      .settlement.id;
    const executing = await call("POST", `/settlements/${id}/execute`, { key: key(), body: {} });
    expect(executing.status).toBe(202);
    expect(await settled(key(), id)).toMatchObject({
      status: "failed",
      failureCode: "insufficient_funds",
    });
    // It had reserved its amount: the check it recorded stays on the settlement, the day is free again.
    const [row] = await db
      .select({ mandateCheck: settlements.mandateCheck })
      .from(settlements)
      .where(eq(settlements.id, id));
    expect(row?.mandateCheck).toMatchObject({ amount: { value: 1000 }, spentBefore: 0 });
    expect(await spentToday(payer)).toBe(0);
  });
});

describe("a reversed settlement under a mandate", () => {
  test("keeps its reservation: the money moves back, the day's spending stays", async () => {
    const [payer, payee] = [await agentOf(key()), await agentOf(key())];
    await fund(payer, 5000);
    await setMandate(payer, mandate());
    const id = (await pendingSettlement(key(), { payer, payee, value: 1000, adapter: "ledger" }))
      .settlement.id;
    expect(
      (await call("POST", `/settlements/${id}/execute`, { key: key(), body: {} })).status,
    ).toBe(202);
    expect((await settled(key(), id)).status).toBe("executed");
    const reversed = await call("POST", `/settlements/${id}/reverse`, {
      key: key(),
      body: { reason: "refund" },
    });
    expect(reversed.body.status).toBe("reversed");
    expect((await wallet(payer)).balances).toEqual([{ currency: "USD", balance: 5000 }]);
    expect(await spentToday(payer)).toBe(1000);
  });
});

describe("the receipt of a settlement under a mandate", () => {
  let receiptId: string;
  let bundle: TReceiptBundle;
  let jwks: unknown;
  let payer: string;

  beforeAll(async () => {
    payer = await agentOf(key());
    const payee = await agentOf(key());
    const set = await setMandate(payer, mandate({ allowedCounterparties: [payee] }));
    expect(set.mandate.version).toBe(1);
    const id = (await pendingSettlement(key(), { payer, payee, value: 800 })).settlement.id;
    const executing = await call("POST", `/settlements/${id}/execute`, { key: key(), body: {} });
    expect(executing.status).toBe(202);
    expect((await settled(key(), id)).status).toBe("executed");
    receiptId = await eventually(async () => {
      const listed = await call("GET", `/receipts?settlementId=${id}`, { key: key() });
      expect(listed.body.data).toHaveLength(1);
      const full = await call("GET", `/receipts/${listed.body.data[0].id}`, { key: key() });
      expect(full.body.status).toBe("valid");
      return full.body.id as string;
    }, 15_000);
    bundle = (await call("GET", `/receipts/${receiptId}/bundle`, { key: key() })).body;
    jwks = (await call("GET", "/.well-known/jwks.json")).body;
  });

  const policyCheck = async (candidate: TReceiptBundle) => {
    const result = await verifyReceiptBundle({
      bundle: candidate,
      jwks,
      treeHeads: createTreeHeadVerifier(),
    });
    return result.checks.find((check) => check.name === "policy")!;
  };

  const mandateIndex = () =>
    bundle.attest.evidence.findIndex((record) => record.type === "mandate_checked");

  test("holds the mandate record, named by settlement_executed; verify and replay are policy compliant", async () => {
    const evidence = bundle.attest.evidence;
    // The negotiation's transcript comes first, then what the settlement recorded.
    const transcript = evidence.filter((record) => record.type === "negotiation_step");
    expect(transcript.length).toBeGreaterThan(0);
    expect(evidence.slice(transcript.length).map((record) => record.type)).toEqual([
      "negotiation_accepted",
      "mandate_checked",
      "settlement_executed",
      "payment_confirmed",
    ]);
    const record = evidence[mandateIndex()]!.payload;
    const agent = (await call("GET", `/agents/${payer}`, { key: key() })).body;
    expect(record).toMatchObject({
      payerAgentId: payer,
      mandateHash: agent.mandate.hash,
      mandateVersion: 1,
      amount: { value: 800, currency: "USD" },
      spentBefore: 0,
      mandate: {
        limits: agent.mandate.limits,
        allowedCounterparties: agent.mandate.allowedCounterparties,
        expiresAt: null,
      },
    });
    expect(evidence[mandateIndex() + 1]!.payload.mandate).toEqual({
      hash: agent.mandate.hash,
      version: 1,
    });

    const offline = await verifyReceiptBundle({
      bundle,
      jwks,
      treeHeads: createTreeHeadVerifier(),
    });
    expect(offline.status).toBe("valid");
    const verified = await call("POST", `/receipts/${receiptId}/verify`, { key: key(), body: {} });
    expect(verified.body).toMatchObject({ status: "valid", policyCompliant: true });
    const replay = await call("POST", "/attest/replay", { key: key(), body: { receiptId } });
    expect(replay.body).toMatchObject({ deterministic: true, error: null, diff: [] });
    expect(replay.body.replayed.policy).toEqual({ allowed: true, violations: [] });
  });

  test("offline: an altered or dropped mandate record fails the policy check", async () => {
    const raised = structuredClone(bundle);
    raised.attest.evidence[mandateIndex()]!.payload.spentBefore = 6500;
    expect(await policyCheck(raised)).toMatchObject({
      ok: false,
      detail: expect.stringContaining("mandate_daily_limit_exceeded"),
    });

    const loosened = structuredClone(bundle);
    (
      loosened.attest.evidence[mandateIndex()]!.payload.mandate as { allowedCounterparties: null }
    ).allowedCounterparties = null;
    expect(await policyCheck(loosened)).toMatchObject({
      ok: false,
      detail: expect.stringContaining("do not hash to its mandateHash"),
    });

    const dropped = structuredClone(bundle);
    dropped.attest.evidence.splice(mandateIndex(), 1);
    expect(await policyCheck(dropped)).toMatchObject({
      ok: false,
      detail: expect.stringContaining("holds 0 mandate_checked records"),
    });
  });

  test("server side: an altered stored mandate record makes verify and replay non-compliant", async () => {
    const [row] = await db
      .select()
      .from(evidenceRecords)
      .where(
        and(
          eq(evidenceRecords.settlementId, bundle.settlementId),
          eq(evidenceRecords.type, "mandate_checked"),
        ),
      );
    try {
      await db
        .update(evidenceRecords)
        .set({ payload: { ...row!.payload, spentBefore: 6800 } })
        .where(eq(evidenceRecords.id, row!.id));
      const verified = await call("POST", `/receipts/${receiptId}/verify`, {
        key: key(),
        body: {},
      });
      expect(verified.body).toMatchObject({ status: "invalid", policyCompliant: false });
      const replay = await call("POST", "/attest/replay", { key: key(), body: { receiptId } });
      expect(replay.body.deterministic).toBe(false);
    } finally {
      await db
        .update(evidenceRecords)
        .set({ payload: row!.payload })
        .where(eq(evidenceRecords.id, row!.id));
    }
  });
});
