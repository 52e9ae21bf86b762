import { inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import type { TReceiptParty } from "@/db/schema";
import { ledgerAccounts } from "@/db/schema";
import { randomBase62 } from "@/lib/ids";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { ledgerRail } from "@/lib/rails/ledger-rail";
import { agentOf } from "../support/deals";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

const agentCount = 4;
const currency = "EUR";

type TOp =
  | { kind: "fund"; agent: number; amount: number }
  | { kind: "execute"; payer: number; shares: { payee: number; amount: number }[] }
  | { kind: "reverse"; target: number }
  | { kind: "repeat"; target: number };

const opArbitrary: fc.Arbitrary<TOp> = fc.oneof(
  fc.record({
    kind: fc.constant("fund" as const),
    agent: fc.nat(agentCount - 1),
    amount: fc.integer({ min: 1, max: 5000 }),
  }),
  fc
    .record({
      payer: fc.nat(agentCount - 1),
      shares: fc.uniqueArray(
        fc.record({ payee: fc.nat(agentCount - 1), amount: fc.integer({ min: 1, max: 2000 }) }),
        { minLength: 1, maxLength: agentCount, selector: (share) => share.payee },
      ),
    })
    .filter(({ payer, shares }) => shares.every((share) => share.payee !== payer))
    .map((op) => ({ kind: "execute" as const, ...op })),
  fc.record({ kind: fc.constant("reverse" as const), target: fc.nat() }),
  fc.record({ kind: fc.constant("repeat" as const), target: fc.nat() }),
);

/** Sums that must hold over the whole ledger, whatever ran before. */
async function ledgerInvariants() {
  const unbalanced = await db.execute(sql`
    select transfer_id, sum(amount) as total from ledger_entries
    group by transfer_id having sum(amount) <> 0`);
  expect([...unbalanced]).toEqual([]);
  const drifted = await db.execute(sql`
    select a.id, a.balance, coalesce(sum(e.amount), 0) as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id having a.balance <> coalesce(sum(e.amount), 0)`);
  expect([...drifted]).toEqual([]);
  const negative = await db.execute(
    sql`select id from ledger_accounts where kind = 'wallet' and balance < 0`,
  );
  expect([...negative]).toEqual([]);
  const [total] = await db.execute(
    sql`select coalesce(sum(balance), 0)::bigint as total from ledger_accounts`,
  );
  expect(Number(total?.total)).toBe(0);
}

describe("ledger rail: money is conserved", () => {
  test("random splits and sequences of funding, executes, repeats and reverses", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 25 }), async (ops) => {
        const agents = await Promise.all(
          Array.from({ length: agentCount }, () => agentOf(tenant.keys.sandbox)),
        );
        const model = new Map(agents.map((agent) => [agent, 0]));
        const executed: {
          settlementId: string;
          parties: TReceiptParty[];
          reversed: boolean;
          ref: string;
        }[] = [];
        const request = (settlementId: string, parties: TReceiptParty[]) => ({
          settlementId,
          environment: "sandbox" as const,
          amount: { value: parties[0]!.amount, currency },
          parties,
        });
        for (const op of ops) {
          if (op.kind === "fund") {
            const agent = agents[op.agent]!;
            await fundWallet({
              environment: "sandbox",
              agentId: agent,
              amount: op.amount,
              currency,
            });
            model.set(agent, model.get(agent)! + op.amount);
          } else if (op.kind === "execute") {
            const value = op.shares.reduce((sum, share) => sum + share.amount, 0);
            const parties: TReceiptParty[] = [
              { agentId: agents[op.payer]!, role: "initiator", amount: value },
              ...op.shares.map((share) => ({
                agentId: agents[share.payee]!,
                role: "responder" as const,
                amount: share.amount,
              })),
            ];
            const settlementId = `stl-prop${randomBase62(12)}`;
            const outcome = await ledgerRail.execute(request(settlementId, parties));
            const payer = parties[0]!.agentId;
            if (model.get(payer)! >= value) {
              expect(outcome.status).toBe("succeeded");
              model.set(payer, model.get(payer)! - value);
              for (const party of parties.slice(1))
                model.set(party.agentId, model.get(party.agentId)! + party.amount);
              executed.push({
                settlementId,
                parties,
                reversed: false,
                ref: outcome.status === "succeeded" ? outcome.externalRef : "",
              });
            } else {
              expect(outcome).toMatchObject({ status: "declined", code: "insufficient_funds" });
            }
          } else if (executed.length > 0) {
            const target = executed[op.target % executed.length]!;
            const req = request(target.settlementId, target.parties);
            if (op.kind === "repeat") {
              expect(await ledgerRail.execute(req)).toEqual({
                status: "succeeded",
                externalRef: target.ref,
              });
              continue;
            }
            const outcome = await ledgerRail.reverse(req);
            const payees = target.parties.slice(1);
            const affordable = payees.every((party) => model.get(party.agentId)! >= party.amount);
            if (target.reversed) {
              expect(outcome.status).toBe("succeeded");
            } else if (affordable) {
              expect(outcome.status).toBe("succeeded");
              target.reversed = true;
              for (const party of payees)
                model.set(party.agentId, model.get(party.agentId)! - party.amount);
              const payer = target.parties[0]!;
              model.set(payer.agentId, model.get(payer.agentId)! + payer.amount);
            } else {
              expect(outcome).toMatchObject({ status: "declined", code: "insufficient_funds" });
            }
          }
        }
        const wallets = await db
          .select({ owner: ledgerAccounts.owner, balance: ledgerAccounts.balance })
          .from(ledgerAccounts)
          .where(inArray(ledgerAccounts.owner, agents));
        const actual = new Map(agents.map((agent) => [agent, 0]));
        for (const wallet of wallets) actual.set(wallet.owner, wallet.balance);
        expect(actual).toEqual(model);
        await ledgerInvariants();
      }),
      { numRuns: 20 },
    );
  });

  // PGlite multiplexes one session: row locks between concurrent transactions need PostgreSQL.
  test.skipIf(inject("databaseEmbedded"))(
    "concurrent payments from one wallet never overdraw it",
    { tags: ["pglite-one-session"] },
    async () => {
      const payer = await agentOf(tenant.keys.sandbox);
      const payees = await Promise.all([
        agentOf(tenant.keys.sandbox),
        agentOf(tenant.keys.sandbox),
      ]);
      await fundWallet({ environment: "sandbox", agentId: payer, amount: 1000, currency });
      const outcomes = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          ledgerRail.execute({
            settlementId: `stl-race${randomBase62(12)}`,
            environment: "sandbox",
            amount: { value: 150, currency },
            parties: [
              { agentId: payer, role: "initiator", amount: 150 },
              { agentId: payees[index % 2]!, role: "responder", amount: 100 },
              { agentId: payees[(index + 1) % 2]!, role: "responder", amount: 50 },
            ],
          }),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.status === "succeeded")).toHaveLength(6);
      const [wallet] = await db
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.owner, [payer]));
      expect(wallet?.balance).toBe(100);
      await ledgerInvariants();
    },
  );
});
