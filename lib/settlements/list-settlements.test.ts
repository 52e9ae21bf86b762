import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rawSql } from "@/db/client";
import { encodeCursor } from "@/lib/http/pagination";
import { moveToOwnDatabase, type TOwnDatabase } from "../../tests/support/own-database";
import { settlementsPageQuery } from "./list-settlements";
import { ZListSettlementsQuery } from "./schemas";

// The plans of the real statements on a migrated database, with sequential scans priced out:
// each table must be reached through an index whatever the filter, however few rows it holds.
const databaseUrl = process.env.DATABASE_URL;
let database: TOwnDatabase | undefined;

beforeAll(async () => {
  if (databaseUrl) database = await moveToOwnDatabase();
});
afterAll(() => database?.drop());

async function planOf(query: Record<string, unknown>): Promise<string> {
  const statement = settlementsPageQuery({
    tenant: { organizationId: "org_plan", environment: "sandbox" },
    query: ZListSettlementsQuery.parse(query),
  }).toSQL();
  const rows = await rawSql().begin(async (tx) => {
    await tx.unsafe("set local enable_seqscan = off");
    return tx.unsafe(`explain ${statement.sql}`, statement.params as never[]);
  });
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

describe.skipIf(!databaseUrl)("the settlements list's plan (needs DATABASE_URL)", () => {
  test.each([
    ["no filter", {}],
    ["a status", { status: "executed" }],
    ["a time range", { createdAfter: "2026-01-01T00:00:00.000Z" }],
    ["a cursor", { cursor: encodeCursor({ createdAt: new Date(), id: "stl_plan" }) }],
  ])(
    "%s: the party filter reads the organization's own party rows by their key",
    async (_, query) => {
      const plan = await planOf(query);
      expect(plan).toMatch(/Index (Only )?Scan (Backward )?using pk_settlement_parties/);
      expect(plan).not.toMatch(/Seq Scan/);
    },
  );

  test("a negotiation: its settlement by the negotiation's index, no sequential scan", async () => {
    const plan = await planOf({ negotiationId: "neg_plan" });
    expect(plan).toMatch(/idx_settlements_on_negotiation_id|pk_settlement_parties/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
