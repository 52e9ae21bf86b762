import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "@/db/client";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { readWallet } from "@/lib/ledger/read-wallet";
import { call } from "../support/api";
import { agentOf } from "../support/deals";
import { seedTenant, type TTestTenant } from "../support/tenant";
import { tenantRows } from "../support/tenant-rows";

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

const fund = (
  key: string,
  agentId: string,
  body: unknown,
  environment: "sandbox" | "production" = "sandbox",
) => call("POST", `/agents/${agentId}/wallet/fund`, { key, body, environment });

describe("agent wallets", () => {
  test("fund in sandbox, then read balances and entries, newest first and paged", async () => {
    const key = tenant.keys.sandbox;
    const agent = await agentOf(key);
    const empty = await call("GET", `/agents/${agent}/wallet`, { key });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      agentId: agent,
      balances: [],
      entries: { data: [], cursor: null, hasMore: false },
    });
    expect((await fund(key, agent, { amount: { value: 5000, currency: "USD" } })).status).toBe(200);
    expect((await fund(key, agent, { amount: { value: 700, currency: "EUR" } })).status).toBe(200);
    const funded = await fund(key, agent, { amount: { value: 300, currency: "USD" } });
    expect(funded.body.balances).toEqual([
      { currency: "EUR", balance: 700 },
      { currency: "USD", balance: 5300 },
    ]);
    expect(funded.body.entries.data.map((entry: { amount: number }) => entry.amount)).toEqual([
      300, 700, 5000,
    ]);
    expect(funded.body.entries.data[0]).toMatchObject({ kind: "fund", currency: "USD" });
    const first = await call("GET", `/agents/${agent}/wallet?limit=2`, { key });
    expect(first.body.entries).toMatchObject({ hasMore: true });
    const second = await call(
      "GET",
      `/agents/${agent}/wallet?limit=2&cursor=${first.body.entries.cursor}`,
      { key },
    );
    expect(second.body.entries.data.map((entry: { amount: number }) => entry.amount)).toEqual([
      5000,
    ]);
    expect(second.body.entries.hasMore).toBe(false);
  });

  test("another organization's agent is not found; production refuses funding; bad input changes nothing", async () => {
    const agent = await agentOf(tenant.keys.sandbox);
    const stranger = await call("GET", `/agents/${agent}/wallet`, { key: other.keys.sandbox });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.code).toBe("not_found");
    expect(
      (await fund(other.keys.sandbox, agent, { amount: { value: 1, currency: "USD" } })).status,
    ).toBe(404);

    const production = await call("POST", "/agents", {
      key: tenant.keys.production,
      environment: "production",
      body: { name: "Live" },
    });
    const live = await fund(
      tenant.keys.production,
      production.body.id,
      { amount: { value: 1, currency: "USD" } },
      "production",
    );
    expect(live.status).toBe(403);
    expect(live.body.error.message).toContain("only in sandbox");

    // Ledger rows belong to agents, not organizations: the wallet itself is compared too.
    const wallet = () => call("GET", `/agents/${agent}/wallet`, { key: tenant.keys.sandbox });
    const walletBefore = (await wallet()).body;
    const before = await tenantRows(tenant.organizationId);
    for (const body of [
      {},
      { amount: { value: 0, currency: "USD" } },
      { amount: { value: 10, currency: "usd" } },
      { amount: 10 },
    ]) {
      const answer = await fund(tenant.keys.sandbox, agent, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.param).toMatch(/^amount/);
    }
    expect(await tenantRows(tenant.organizationId)).toEqual(before);
    expect((await wallet()).body).toEqual(walletBefore);
  });

  test("funding inside a transaction that fails afterwards moves no money", async () => {
    // The fund route reads the wallet back in the funding's transaction: a read that fails then
    // takes the funding with it, so the 5xx that releases the Idempotency-Key promised nothing.
    const agentId = await agentOf(tenant.keys.sandbox);
    const funding = { environment: "sandbox" as const, agentId, amount: 900, currency: "USD" };
    await expect(
      db.transaction(async (tx) => {
        await fundWallet(funding, tx);
        const inside = await readWallet({ environment: "sandbox", agentId, limit: 20 }, tx);
        expect(inside.balances).toEqual([{ currency: "USD", balance: 900 }]);
        throw new Error("the read back failed");
      }),
    ).rejects.toThrow("the read back failed");
    const after = await call("GET", `/agents/${agentId}/wallet`, { key: tenant.keys.sandbox });
    expect(after.body).toMatchObject({
      balances: [],
      entries: { data: [], cursor: null, hasMore: false },
    });
  });
});
