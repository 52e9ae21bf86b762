import { x402ClientScheme, x402Facilitator } from "@agent-settlement/sdk/x402";
import { HTTPFacilitatorClient } from "@x402/core/http";
import { and, eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { ledgerTransfers, outbox, receipts, settlements, x402Payments } from "@/db/schema";
import { settlementExecuteRequested } from "@/lib/settlements/jobs";
import { newSigningKey } from "../support/agent-keys";
import { call, eventually } from "../support/api";
import { childDatabase, type TChildDatabase } from "../support/child-database";
import { startChildServer, type TChildServer } from "../support/child-server";
import { agentOf } from "../support/deals";
import { seedTenant } from "../support/tenant";
import { sandboxRequirements } from "../support/x402-shop";

/*
 * An x402 settle executes its settlement in the request, and writes the execution job to wait a
 * minute as its fallback. Here the request's process dies while the payment waits for the payer's
 * wallet (a row lock this test holds): after a restart the job waits its time, then executes the
 * settlement once, and settling the same payload again answers that settlement and its receipt.
 */

const PRICE = 250;
let database: TChildDatabase;
let server: TChildServer | undefined;

beforeAll(async () => {
  database = await childDatabase();
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe.skipIf(inject("databaseEmbedded"))(
  "an x402 settle whose process stops before the money moved",
  { tags: ["pglite-one-session"] },
  () => {
    test("the waiting job executes it once after its time; settling again answers it", {
      timeout: 120_000,
    }, async () => {
      server = await startChildServer({ env: database.env });
      const baseUrl = server.baseUrl;
      const merchant = await seedTenant();
      const payerOrg = await seedTenant();
      const payTo = await agentOf(merchant.keys.sandbox, { name: "Shop" }, { baseUrl });
      const payer = await agentOf(payerOrg.keys.sandbox, { name: "Buyer" }, { baseUrl });
      const signer = newSigningKey("EdDSA");
      const key = await call("POST", `/agents/${payer}/keys`, {
        key: payerOrg.keys.sandbox,
        baseUrl,
        body: { jwk: signer.publicJwk },
      });
      expect(key.status).toBe(201);
      const funded = await call("POST", `/agents/${payer}/wallet/fund`, {
        key: payerOrg.keys.sandbox,
        baseUrl,
        body: { amount: { value: 1_000, currency: "USD" } },
      });
      expect(funded.status).toBe(200);

      const requirements = sandboxRequirements({ payTo, price: PRICE });
      const scheme = x402ClientScheme({
        agentId: payer,
        keyId: key.body.id,
        privateKey: signer.privateKey.export({ format: "jwk" }) as JsonWebKey,
      });
      const { payload } = await scheme.createPaymentPayload(2, requirements);
      const payment = { x402Version: 2, accepted: requirements, payload };
      const facilitator = (url: string) =>
        new HTTPFacilitatorClient(x402Facilitator({ apiKey: merchant.keys.sandbox, baseUrl: url }));

      // Hold the payer's wallet, so that the settle's own execution waits at the ledger.
      const holder = postgres(database.env.DATABASE_URL!, { max: 1 });
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holding = new Promise<void>((held, failed) => {
        holder
          .begin(async (sql) => {
            await sql`select id from ledger_accounts where owner = ${payer} for update`;
            held();
            await released;
          })
          .catch(failed);
      });
      await holding;
      const settling = facilitator(baseUrl)
        .settle(payment, requirements)
        .then(
          () => "answered",
          () => "cut off",
        );
      const waiting = await eventually(async () => {
        const [claimed] = await db
          .select({ id: x402Payments.settlementId })
          .from(x402Payments)
          .where(eq(x402Payments.payerAgentId, payer));
        expect(claimed).toBeDefined();
        const [locked] = await db.execute<{ count: number }>(
          sql`select count(*)::int as count from pg_locks where not granted`,
        );
        expect(locked!.count).toBeGreaterThan(0);
        return claimed!.id;
      }, 20_000);
      await server.kill();
      expect(await settling).toBe("cut off");
      release();
      await holder.end();

      const job = async () =>
        (
          await db
            .select()
            .from(outbox)
            .where(
              and(
                eq(outbox.name, settlementExecuteRequested),
                sql`${outbox.data}->>'settlementId' = ${waiting}`,
              ),
            )
        )[0];
      const transfers = () =>
        db.select().from(ledgerTransfers).where(eq(ledgerTransfers.reference, waiting));
      const stateOf = async () =>
        (await db.select().from(settlements).where(eq(settlements.id, waiting)))[0]!.status;
      const written = await job();
      expect(written?.dispatchedAt).toBeNull();
      const [started] = await db.select().from(settlements).where(eq(settlements.id, waiting));
      expect(started!.status).toBe("executing");
      expect(written!.notBefore!.getTime() - started!.executionStartedAt!.getTime()).toBe(60_000);
      expect(await transfers()).toEqual([]);

      server = await startChildServer({ env: database.env });
      await database.attach(server);
      // Its dispatcher polls every 200 ms; the job still waits.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await job())?.dispatchedAt).toBeNull();
      expect(await stateOf()).toBe("executing");

      // The minute has passed.
      await db.update(outbox).set({ notBefore: new Date() }).where(eq(outbox.id, written!.id));
      await eventually(async () => expect(await stateOf()).toBe("executed"), 30_000);
      expect((await transfers()).map((transfer) => transfer.kind)).toEqual(["execute"]);
      const issued = await db.select().from(receipts).where(eq(receipts.settlementId, waiting));
      expect(issued).toHaveLength(1);

      const again = await facilitator(server.baseUrl).settle(payment, requirements);
      expect(again).toMatchObject({
        success: true,
        transaction: waiting,
        payer,
        amount: String(PRICE),
        extra: { settlementId: waiting, receiptId: issued[0]!.id },
      });
      const wallet = await call("GET", `/agents/${payer}/wallet`, {
        key: payerOrg.keys.sandbox,
        baseUrl: server.baseUrl,
      });
      expect(wallet.body.balances).toContainEqual(
        expect.objectContaining({ currency: "USD", balance: 1_000 - PRICE }),
      );
      expect(await transfers()).toHaveLength(1);
      await merchant.remove();
      await payerOrg.remove();
    });
  },
);
