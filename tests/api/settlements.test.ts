import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import {
  events,
  evidenceRecords,
  ledgerTransfers,
  outbox,
  receipts,
  sandboxCharges,
} from "@/db/schema";
import type { TScope } from "@/lib/auth/scopes";
import { createApiKey } from "@/lib/keys/create-key";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { getWallets } from "@/lib/ledger/get-wallets";
import { sandboxTriggers } from "@/lib/rails/sandbox-triggers";
import { call } from "../support/api";
import { agentOf, negotiate, pendingSettlement, settled } from "../support/deals";
import { seedTenant, type TTestTenant } from "../support/tenant";

let acme: TTestTenant;
let globex: TTestTenant;
let stranger: TTestTenant;
beforeAll(async () => {
  acme = await seedTenant();
  globex = await seedTenant();
  stranger = await seedTenant();
});
afterAll(() => Promise.all([acme.remove(), globex.remove(), stranger.remove()]));

const post = (key: string, path: string, body: unknown = {}) => call("POST", path, { key, body });

const eventsOf = async (objectId: string, organizationId: string) =>
  (
    await db
      .select()
      .from(events)
      .where(eq(events.organizationId, organizationId))
      .orderBy(asc(events.createdAt))
  )
    .filter((event) => (event.data.object as { id?: string }).id === objectId)
    .map((event) => event.type);

async function scopedKey(organizationId: string, scopes: readonly TScope[]) {
  return (await createApiKey({ organizationId, environment: "sandbox", name: "scoped", scopes }))
    .secret;
}

describe("settlements", () => {
  test("execute: 202 executing, then executed with a receipt and its evidence", async () => {
    const key = acme.keys.sandbox;
    const { settlement, negotiation, payer, payee } = await pendingSettlement(key, { value: 2500 });
    expect(settlement).toMatchObject({
      status: "pending",
      adapter: "sandbox",
      negotiationId: negotiation.id,
      amount: { value: 2500, currency: "USD" },
      parties: [
        { agentId: payer, role: "initiator", amount: 2500 },
        { agentId: payee, role: "responder", amount: 2500 },
      ],
      externalRef: null,
    });
    expect(settlement.id).toMatch(/^stl-/);

    const started = await post(key, `/settlements/${settlement.id}/execute`);
    expect(started.status).toBe(202);
    expect(started.body.status).toBe("executing");
    expect(started.body.executionStartedAt).not.toBeNull();
    expect((await post(key, `/settlements/${settlement.id}/execute`)).status).toBe(409);

    const done = await settled(key, settlement.id);
    expect(done).toMatchObject({ status: "executed", policyVersion: "pol-standard@v1" });
    expect(done.externalRef).toMatch(/^sbx_[0-9a-f]{24}$/);

    const [receipt] = await db
      .select()
      .from(receipts)
      .where(eq(receipts.settlementId, settlement.id));
    expect(receipt).toMatchObject({
      negotiationId: negotiation.id,
      externalRef: done.externalRef,
      policySnapshot: "pol-standard@v1",
      adapter: "sandbox",
      amountValue: 2500,
      parties: settlement.parties,
    });
    const chain = await db
      .select()
      .from(evidenceRecords)
      .where(eq(evidenceRecords.settlementId, settlement.id))
      .orderBy(asc(evidenceRecords.position));
    expect(chain.map((record) => record.type)).toEqual([
      "negotiation_step",
      "negotiation_step",
      "negotiation_accepted",
      "settlement_executed",
      "payment_confirmed",
    ]);
    expect(chain[0]?.payload).toMatchObject({ action: "propose", agentId: payer, step: 1 });
    expect(chain[1]?.payload).toMatchObject({ action: "accept", agentId: payee, step: 2 });
    expect(chain[2]?.payload).toMatchObject({ acceptedBy: [payer, payee], round: 1 });
    expect(chain[3]?.payload.policyVersion).toBe("pol-standard@v1");
    expect(chain[4]?.payload.externalRef).toBe(done.externalRef);
    expect(receipt?.evidenceChain).toEqual(chain.map((record) => record.id));
    expect(await eventsOf(settlement.id, acme.organizationId)).toEqual([
      "settlement.created",
      "settlement.executed",
    ]);
  });

  test("the sandbox trigger amounts: decline, insufficient funds, timeout resolved by lookup, slow", async () => {
    const key = acme.keys.sandbox;
    const run = async (value: number) => {
      const { settlement } = await pendingSettlement(key, { value });
      expect((await post(key, `/settlements/${settlement.id}/execute`)).status).toBe(202);
      return settled(key, settlement.id);
    };
    const [declined, broke, timedOut, slow] = await Promise.all([
      run(sandboxTriggers.decline),
      run(sandboxTriggers.insufficientFunds),
      run(sandboxTriggers.timeout),
      run(sandboxTriggers.slow),
    ]);
    expect(declined).toMatchObject({ status: "failed", failureCode: "rail_declined" });
    expect(declined.failureMessage).toContain("declined");
    expect(broke).toMatchObject({ status: "failed", failureCode: "insufficient_funds" });
    expect(timedOut.status).toBe("executed");
    expect(slow.status).toBe("executed");
    expect(
      Date.parse(slow.executedAt) - Date.parse(slow.executionStartedAt),
    ).toBeGreaterThanOrEqual(950);
    expect(await eventsOf(declined.id, acme.organizationId)).toEqual([
      "settlement.created",
      "settlement.failed",
    ]);
    const failureEvidence = await db
      .select()
      .from(evidenceRecords)
      .where(eq(evidenceRecords.settlementId, declined.id));
    expect(failureEvidence.map((record) => record.type)).toContain("settlement_failed");
  });

  test("policy: above the per-settlement limit fails before money moves", async () => {
    const key = acme.keys.sandbox;
    const { settlement } = await pendingSettlement(key, { value: 100_000_001 });
    await post(key, `/settlements/${settlement.id}/execute`);
    const done = await settled(key, settlement.id);
    expect(done).toMatchObject({
      status: "failed",
      failureCode: "policy_limit_exceeded",
      policyVersion: "pol-standard@v1",
    });
    const charges = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.settlementId, settlement.id));
    expect(charges).toEqual([]);
  });

  test("ledger rail: wallets pay, lack of funds fails, reversal moves the money back", async () => {
    const key = acme.keys.sandbox;
    const funded = await pendingSettlement(key, { value: 3000, adapter: "ledger" });
    await fundWallet({
      environment: "sandbox",
      agentId: funded.payer,
      amount: 5000,
      currency: "USD",
    });
    await post(key, `/settlements/${funded.settlement.id}/execute`);
    const executed = await settled(key, funded.settlement.id);
    expect(executed.status).toBe("executed");
    expect(executed.externalRef).toMatch(/^ltr-/);
    const balance = async (agentId: string) =>
      (await getWallets({ environment: "sandbox", agentId })).find((w) => w.currency === "USD")
        ?.balance;
    expect(await balance(funded.payer)).toBe(2000);
    expect(await balance(funded.payee)).toBe(3000);

    const reversed = await post(key, `/settlements/${funded.settlement.id}/reverse`, {
      reason: "service not delivered",
    });
    expect(reversed.status).toBe(200);
    expect(reversed.body).toMatchObject({ status: "reversed", reason: "service not delivered" });
    expect(await balance(funded.payer)).toBe(5000);
    expect(await balance(funded.payee)).toBe(0);

    const unfunded = await pendingSettlement(key, { value: 3000, adapter: "ledger" });
    await post(key, `/settlements/${unfunded.settlement.id}/execute`);
    expect(await settled(key, unfunded.settlement.id)).toMatchObject({
      status: "failed",
      failureCode: "insufficient_funds",
    });
  });

  test("50 concurrent execute calls: one 202, 49 409, one rail execution", async () => {
    const key = acme.keys.sandbox;
    const { settlement, payer } = await pendingSettlement(key, { value: 700, adapter: "ledger" });
    await fundWallet({ environment: "sandbox", agentId: payer, amount: 700, currency: "USD" });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(key, `/settlements/${settlement.id}/execute`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 202)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect((await settled(key, settlement.id)).status).toBe("executed");
    const transfers = await db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, settlement.id));
    expect(transfers.map((transfer) => transfer.kind)).toEqual(["execute"]);
    const jobs = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.data}->>'settlementId' = ${settlement.id}`);
    expect(jobs).toHaveLength(1);
    expect(
      (await eventsOf(settlement.id, acme.organizationId)).filter(
        (t) => t === "settlement.executed",
      ),
    ).toHaveLength(1);
    expect(
      await db.select().from(receipts).where(eq(receipts.settlementId, settlement.id)),
    ).toHaveLength(1);
  });

  test("concurrent reversals and disputes: exactly one wins, the money moves back at most once", async () => {
    const key = acme.keys.sandbox;
    const { settlement, payer, payee } = await pendingSettlement(key, {
      value: 900,
      adapter: "ledger",
    });
    await fundWallet({ environment: "sandbox", agentId: payer, amount: 900, currency: "USD" });
    await post(key, `/settlements/${settlement.id}/execute`);
    expect((await settled(key, settlement.id)).status).toBe("executed");
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0
          ? post(key, `/settlements/${settlement.id}/dispute`, { reason: "not delivered" })
          : post(key, `/settlements/${settlement.id}/reverse`, { reason: "refund" }),
      ),
    );
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(11);
    const final = (await call("GET", `/settlements/${settlement.id}`, { key })).body;
    expect(final.status).toBe(winners[0]?.body.status);
    const transfers = await db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.reference, settlement.id));
    const balance = async (agentId: string) =>
      (await getWallets({ environment: "sandbox", agentId })).find((w) => w.currency === "USD")
        ?.balance;
    if (final.status === "reversed") {
      expect(transfers.map((transfer) => transfer.kind).sort()).toEqual(["execute", "reverse"]);
      expect([await balance(payer), await balance(payee)]).toEqual([900, 0]);
    } else {
      expect(final.status).toBe("disputed");
      expect(transfers.map((transfer) => transfer.kind)).toEqual(["execute"]);
      expect([await balance(payer), await balance(payee)]).toEqual([0, 900]);
    }
  });

  test("every illegal transition is 409", async () => {
    const key = acme.keys.sandbox;
    const payer = await agentOf(key);
    const payee = await agentOf(key);
    const open = await negotiate(key, {
      initiatorAgentId: payer,
      responders: [payee],
      terms: { amount: { value: 10, currency: "USD" } },
    });
    const fromOpen = await post(key, "/settlements", { negotiationId: open.id });
    expect(fromOpen.status).toBe(409);
    expect(fromOpen.body.error.param).toBe("negotiationId");

    const { settlement, negotiation } = await pendingSettlement(key);
    expect((await post(key, "/settlements", { negotiationId: negotiation.id })).status).toBe(409);
    expect((await post(key, `/settlements/${settlement.id}/reverse`)).status).toBe(409);
    expect((await post(key, `/settlements/${settlement.id}/dispute`, { reason: "x" })).status).toBe(
      409,
    );
    await post(key, `/settlements/${settlement.id}/execute`);
    await settled(key, settlement.id);
    expect((await post(key, `/settlements/${settlement.id}/execute`)).status).toBe(409);
    const disputed = await post(key, `/settlements/${settlement.id}/dispute`, {
      reason: "wrong amount",
    });
    expect(disputed.body).toMatchObject({ status: "disputed", reason: "wrong amount" });
    expect((await post(key, `/settlements/${settlement.id}/reverse`)).status).toBe(409);
    expect(
      (await post(key, `/settlements/${settlement.id}/dispute`, { reason: "again" })).status,
    ).toBe(409);

    const other = await pendingSettlement(key, { value: sandboxTriggers.decline });
    await post(key, `/settlements/${other.settlement.id}/execute`);
    expect((await settled(key, other.settlement.id)).status).toBe("failed");
    for (const action of ["execute", "reverse"]) {
      expect((await post(key, `/settlements/${other.settlement.id}/${action}`)).status).toBe(409);
    }
    expect(
      (await post(key, `/settlements/${other.settlement.id}/dispute`, { reason: "x" })).status,
    ).toBe(409);

    const third = await pendingSettlement(key);
    await post(key, `/settlements/${third.settlement.id}/execute`);
    await settled(key, third.settlement.id);
    const reversed = await post(key, `/settlements/${third.settlement.id}/reverse`);
    expect(reversed.body.status).toBe("reversed");
    // The same reverse again answers the recorded reversal; one with another reason is a 409.
    const repeated = await post(key, `/settlements/${third.settlement.id}/reverse`);
    expect([repeated.status, repeated.body]).toEqual([200, reversed.body]);
    expect(
      (await post(key, `/settlements/${third.settlement.id}/reverse`, { reason: "x" })).status,
    ).toBe(409);
    expect(
      (await post(key, `/settlements/${third.settlement.id}/dispute`, { reason: "x" })).status,
    ).toBe(409);
    expect(await eventsOf(third.settlement.id, acme.organizationId)).toEqual([
      "settlement.created",
      "settlement.executed",
      "settlement.reversed",
    ]);
  });

  test("bad bodies and queries are 400 with param and change nothing", async () => {
    const key = acme.keys.sandbox;
    const { settlement, negotiation } = await pendingSettlement(key);
    const cases: [string, string, unknown, string][] = [
      ["POST", "/settlements", {}, "negotiationId"],
      ["POST", "/settlements", { negotiationId: negotiation.id, adapter: "paypal" }, "adapter"],
      ["POST", "/settlements", { negotiationId: negotiation.id, extra: true }, "extra"],
      ["POST", "/settlements", { negotiationId: 42 }, "negotiationId"],
      ["POST", `/settlements/${settlement.id}/execute`, { now: true }, "now"],
      ["POST", `/settlements/${settlement.id}/dispute`, {}, "reason"],
      ["POST", `/settlements/${settlement.id}/dispute`, { reason: "" }, "reason"],
      ["POST", `/settlements/${settlement.id}/reverse`, { reason: "x".repeat(2001) }, "reason"],
      ["GET", "/settlements?status=done", undefined, "status"],
      ["GET", "/settlements?createdAfter=yesterday", undefined, "createdAfter"],
      [
        "GET",
        "/settlements/stats?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z",
        undefined,
        "from",
      ],
      ["GET", "/settlements/stats?from=soon", undefined, "from"],
    ];
    for (const [method, path, body, param] of cases) {
      const response = await call(method, path, { key, body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body.error.param).toBe(param);
    }
    const unchanged = await call("GET", `/settlements/${settlement.id}`, { key });
    expect(unchanged.body).toEqual(settlement);
    const list = await call("GET", `/settlements?negotiationId=${negotiation.id}`, { key });
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([settlement.id]);
  });

  test("parties of another organization read and dispute; only the payer executes; strangers get 404", async () => {
    const payer = await agentOf(acme.keys.sandbox);
    const payee = await agentOf(globex.keys.sandbox);
    const negotiation = await negotiate(acme.keys.sandbox, {
      initiatorAgentId: payer,
      responders: [payee],
      terms: { amount: { value: 900, currency: "JPY" } },
    });
    await post(globex.keys.sandbox, `/negotiations/${negotiation.id}/respond`, {
      agentId: payee,
      action: "accept",
    });
    const byPayee = await post(globex.keys.sandbox, "/settlements", {
      negotiationId: negotiation.id,
    });
    expect(byPayee.status).toBe(403);
    const byStranger = await post(stranger.keys.sandbox, "/settlements", {
      negotiationId: negotiation.id,
    });
    expect(byStranger.status).toBe(404);
    expect(byStranger.body.error.param).toBe("negotiationId");
    const created = await post(acme.keys.sandbox, "/settlements", {
      negotiationId: negotiation.id,
    });
    const id = created.body.id;
    expect((await call("GET", `/settlements/${id}`, { key: globex.keys.sandbox })).status).toBe(
      200,
    );
    expect((await call("GET", `/settlements/${id}`, { key: stranger.keys.sandbox })).status).toBe(
      404,
    );
    // Both parties list it (each through its own rows), newest first; a stranger does not.
    const listedBy = async (key: string, environment?: "production") =>
      (
        await call("GET", `/settlements?negotiationId=${negotiation.id}`, { key, environment })
      ).body.data.map((s: { id: string }) => s.id);
    expect(await listedBy(acme.keys.sandbox)).toEqual([id]);
    expect(await listedBy(globex.keys.sandbox)).toEqual([id]);
    expect(await listedBy(stranger.keys.sandbox)).toEqual([]);
    expect(await listedBy(acme.keys.production, "production")).toEqual([]);
    const newest = await call("GET", "/settlements?limit=1", { key: globex.keys.sandbox });
    expect(newest.body.data.map((s: { id: string }) => s.id)).toEqual([id]);
    expect((await post(stranger.keys.sandbox, `/settlements/${id}/execute`)).status).toBe(404);
    expect((await post(globex.keys.sandbox, `/settlements/${id}/execute`)).status).toBe(403);
    expect(
      (
        await call("GET", `/settlements/${id}`, {
          key: acme.keys.production,
          environment: "production",
        })
      ).status,
    ).toBe(404);
    await post(acme.keys.sandbox, `/settlements/${id}/execute`);
    await settled(acme.keys.sandbox, id);
    expect((await post(globex.keys.sandbox, `/settlements/${id}/reverse`)).status).toBe(403);
    expect(
      (await post(stranger.keys.sandbox, `/settlements/${id}/dispute`, { reason: "x" })).status,
    ).toBe(404);
    const disputed = await post(globex.keys.sandbox, `/settlements/${id}/dispute`, {
      reason: "not delivered",
    });
    expect(disputed.body.status).toBe("disputed");
    expect(await eventsOf(id, globex.organizationId)).toEqual([
      "settlement.created",
      "settlement.executed",
      "settlement.disputed",
    ]);
  });

  test("scopes guard execute, reverse and dispute", async () => {
    const { settlement } = await pendingSettlement(acme.keys.sandbox);
    const readOnly = await scopedKey(acme.organizationId, ["settlement.read"]);
    const noExecute = await post(readOnly, `/settlements/${settlement.id}/execute`);
    expect(noExecute.status).toBe(403);
    await post(acme.keys.sandbox, `/settlements/${settlement.id}/execute`);
    await settled(acme.keys.sandbox, settlement.id);
    const executeOnly = await scopedKey(acme.organizationId, [
      "settlement.execute",
      "settlement.read",
    ]);
    const noReverse = await post(executeOnly, `/settlements/${settlement.id}/reverse`);
    expect(noReverse.status).toBe(403);
    expect(noReverse.body.error.message).toContain("settlement.reverse");
    const noDispute = await post(executeOnly, `/settlements/${settlement.id}/dispute`, {
      reason: "x",
    });
    expect(noDispute.status).toBe(403);
    expect(noDispute.body.error.message).toContain("governance.dispute");
    const governance = await scopedKey(acme.organizationId, ["governance.dispute"]);
    expect(
      (await post(governance, `/settlements/${settlement.id}/dispute`, { reason: "x" })).status,
    ).toBe(200);
  });

  test("stats: counts, executed volume, success rate and execution times in a window", async () => {
    const tenant = await seedTenant();
    try {
      const key = tenant.keys.sandbox;
      const from = new Date().toISOString();
      const runs = await Promise.all(
        [1000, 2000, sandboxTriggers.decline].map(async (value) => {
          const { settlement } = await pendingSettlement(key, { value });
          await post(key, `/settlements/${settlement.id}/execute`);
          return settled(key, settlement.id);
        }),
      );
      await pendingSettlement(key, { value: 5, currency: "EUR" });
      expect(runs.map((run) => run.status).sort()).toEqual(["executed", "executed", "failed"]);
      const stats = await call("GET", `/settlements/stats?from=${from}`, { key });
      expect(stats.status).toBe(200);
      expect(stats.body).toMatchObject({
        from,
        to: null,
        total: 4,
        counts: { pending: 1, executing: 0, executed: 2, failed: 1, reversed: 0, disputed: 0 },
        executedVolume: [{ currency: "USD", value: 3000, count: 2 }],
        successRate: 66.67,
      });
      expect(stats.body.executionTimeMs.mean).toBeGreaterThanOrEqual(0);
      expect(stats.body.executionTimeMs.p95).toBeGreaterThanOrEqual(
        stats.body.executionTimeMs.mean,
      );
      const empty = await call("GET", "/settlements/stats?to=2000-01-01T00:00:00.000Z", { key });
      expect(empty.body).toMatchObject({
        total: 0,
        successRate: null,
        executionTimeMs: { mean: null, p95: null },
      });
    } finally {
      await tenant.remove();
    }
  });
});
