import { and, eq, sql } from "drizzle-orm";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db, rawSql } from "@/db/client";
import { ledgerAccounts, ledgerTransfers, sandboxCharges } from "@/db/schema";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { getWallets } from "@/lib/ledger/get-wallets";
import { call, eventually } from "../support/api";
import { pendingSettlement, settled } from "../support/deals";
import { expectError } from "../support/expect-error";
import { settlementEvents } from "../support/settlement-records";
import { seedTenant, type TTestTenant } from "../support/tenant";

/**
 * A rail call that does not answer within RAIL_TIMEOUT_MS is still on its way when the status
 * lookup runs, and may land after it. Each test holds a lock the rail's call needs, so that the
 * call waits past the timeout, and releases it once the lookup has either ended the settlement
 * or queued behind the same lock. Whichever of the two then goes first, the settlement and the
 * rail's books must agree: executed with the payment made, or failed with no money moved.
 */
let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

class RolledBack extends Error {}

/** Takes `lock` in a transaction of its own, kept open until `release`, then rolled back. */
async function holdLock(lock: (tx: postgres.TransactionSql) => Promise<unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held!: (pid: number) => void;
  let failed!: (error: unknown) => void;
  const backend = new Promise<number>((resolve, reject) => {
    held = resolve;
    failed = reject;
  });
  const ended = rawSql()
    .begin(async (tx) => {
      const [row] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await lock(tx);
      held(row!.pid);
      await released;
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) failed(error);
    });
  const pid = await backend;
  /** Sessions waiting for the held transaction, or queued behind one that does (a row lock). */
  const waiting = async () => {
    const [row] = await db.execute<{ count: number }>(
      sql`with first as (select pid from pg_stat_activity
            where ${pid}::int = any(pg_blocking_pids(pid)))
          select count(*)::int as count from pg_stat_activity a
          where a.pid in (select pid from first)
             or pg_blocking_pids(a.pid) && array(select pid from first)`,
    );
    return row?.count ?? 0;
  };
  return {
    waiting,
    release: async () => {
      release();
      await ended;
    },
  };
}

/** Releases `lock` once the settlement has ended or the rail's call and the lookup both wait. */
async function executeHeldUp(settlementId: string, lock: Awaited<ReturnType<typeof holdLock>>) {
  const key = tenant.keys.sandbox;
  try {
    const started = await call("POST", `/settlements/${settlementId}/execute`, { key });
    expect(started.status).toBe(202);
    await eventually(async () => {
      const current = await call("GET", `/settlements/${settlementId}`, { key });
      if (current.body.status !== "executing") return;
      if ((await lock.waiting()) < 2)
        throw new Error("the rail's call and the lookup do not both wait yet");
    }, 15_000);
  } finally {
    await lock.release();
  }
  return settled(key, settlementId);
}

describe.skipIf(inject("databaseEmbedded"))(
  "a payment that arrives after its status lookup",
  { tags: ["pglite-one-session"] },
  () => {
    test("sandbox: the charge and the settlement agree, and the late call is counted", async () => {
      const { settlement } = await pendingSettlement(tenant.keys.sandbox, { value: 1717 });
      // An uncommitted charge of the same settlement: the rail's insert waits on its key.
      const lock = await holdLock(
        (tx) => tx`insert into sandbox_charges
        (settlement_id, environment, amount_value, currency, status, external_ref)
        values (${settlement.id}, 'sandbox', 1717, 'USD', 'succeeded', 'held-by-test')`,
      );
      const done = await executeHeldUp(settlement.id, lock);
      const charge = await eventually(async () => {
        const [row] = await db
          .select()
          .from(sandboxCharges)
          .where(eq(sandboxCharges.settlementId, settlement.id));
        if (row?.attempts !== 1) throw new Error("the late call has not landed yet");
        return row;
      });
      if (done.status === "executed") {
        expect(charge).toMatchObject({ status: "succeeded", externalRef: done.externalRef });
      } else {
        expect(done).toMatchObject({ status: "failed", failureCode: "rail_timeout" });
        expect(charge).toMatchObject({ status: "declined", declineCode: "rail_timeout" });
      }
    });

    test("ledger: the wallets and the settlement agree, and the money moves at most once", async () => {
      const { settlement, payer, payee } = await pendingSettlement(tenant.keys.sandbox, {
        value: 600,
        adapter: "ledger",
      });
      await fundWallet({ environment: "sandbox", agentId: payer, amount: 1000, currency: "USD" });
      // The payer's wallet row locked: the rail's transfer waits for it.
      const lock = await holdLock(
        (tx) => tx`select id from ledger_accounts
        where owner = ${payer} and currency = 'USD' for update`,
      );
      const done = await executeHeldUp(settlement.id, lock);
      const balance = async (agentId: string) =>
        (await getWallets({ environment: "sandbox", agentId })).find((w) => w.currency === "USD")
          ?.balance ?? 0;
      const kinds = async () =>
        (
          await db
            .select({ kind: ledgerTransfers.kind })
            .from(ledgerTransfers)
            .where(eq(ledgerTransfers.reference, settlement.id))
        ).map((transfer) => transfer.kind);
      // The late call has run once nothing holds the payer's wallet any more.
      await eventually(async () => {
        const [row] = await db
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(and(eq(ledgerAccounts.owner, payer), eq(ledgerAccounts.currency, "USD")))
          .for("update", { skipLocked: true });
        if (!row) throw new Error("the payer's wallet is still locked");
      });
      if (done.status === "executed") {
        expect(await kinds()).toEqual(["execute"]);
        expect([await balance(payer), await balance(payee)]).toEqual([400, 600]);
      } else {
        expect(done).toMatchObject({ status: "failed", failureCode: "rail_timeout" });
        expect(await kinds()).toEqual(["void"]);
        expect([await balance(payer), await balance(payee)]).toEqual([1000, 0]);
      }
    });
  },
);

describe.skipIf(inject("databaseEmbedded"))(
  "a reversal whose rail call does not answer in time",
  { tags: ["pglite-one-session"] },
  () => {
    test("the same reverse retried after its 502 answers the reversal the job recorded, and moves nothing again", async () => {
      const key = tenant.keys.sandbox;
      const { settlement } = await pendingSettlement(key, { value: 1919 });
      expect((await call("POST", `/settlements/${settlement.id}/execute`, { key })).status).toBe(
        202,
      );
      expect((await settled(key, settlement.id)).status).toBe("executed");
      const path = `/settlements/${settlement.id}/reverse`;
      const idempotency = { "Idempotency-Key": `reverse-${settlement.id}` };
      const reverse = () =>
        call("POST", path, { key, headers: idempotency, body: { reason: "refund" } });
      // The charge's row locked: the rail's reversal waits past RAIL_TIMEOUT_MS.
      const lock = await holdLock(
        (tx) => tx`select 1 from sandbox_charges where settlement_id = ${settlement.id} for update`,
      );
      const timedOut = await reverse().finally(lock.release);
      expectError(timedOut, 502, "bad_gateway");
      // Once the claim is stale, the complete-reversal job asks the rail again and records it.
      const recorded = await eventually(async () => {
        const current = await call("GET", `/settlements/${settlement.id}`, { key });
        expect(current.body.status).toBe("reversed");
        return current.body;
      }, 20_000);

      const retried = await reverse();
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      expect(retried.body).toMatchObject({
        id: settlement.id,
        status: "reversed",
        reason: "refund",
        reversedAt: recorded.reversedAt,
      });
      // The same request without the key answers alike; another reason is another request.
      const repeated = await call("POST", path, { key, body: { reason: "refund" } });
      expect(repeated.status).toBe(200);
      expect(repeated.body).toEqual(retried.body);
      const other = expectError(
        await call("POST", path, { key, body: { reason: "changed my mind" } }),
        409,
        "conflict",
      );
      expect(other.message).toContain("reversed");

      const [charge] = await db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.settlementId, settlement.id));
      expect(charge).toMatchObject({ status: "reversed", attempts: 1 });
      expect(await settlementEvents("settlement.reversed", settlement.id)).toHaveLength(1);
    });
  },
);
