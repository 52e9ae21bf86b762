import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import type { TReceiptRow } from "@/db/schema";
import { verifyReceiptBundle } from "@/lib/attest";
import { advisoryXactLock, logIdOf } from "@/lib/receipts/attest-log";
import { call, eventually } from "../support/api";
import { issueTestReceipt, sealAll } from "../support/receipts";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
let stranger: TTestTenant;
const issued: TReceiptRow[] = [];

beforeAll(async () => {
  tenant = await seedTenant();
  stranger = await seedTenant();
  const base = Date.now() - 60_000;
  for (let i = 0; i < 5; i++) {
    issued.push(
      await issueTestReceipt({
        tenant: { organizationId: tenant.organizationId, environment: "sandbox" },
        responders: (i % 3) + 1,
        completedAt: new Date(base + i * 1000),
      }),
    );
  }
  await sealAll();
});
afterAll(async () => {
  await tenant.remove();
  await stranger.remove();
});

const key = () => tenant.keys.sandbox;

describe("GET /v1/receipts", () => {
  test("lists exactly the list-item fields, newest first, with cursor pagination", async () => {
    const first = await call("GET", "/receipts?limit=2", { key: key() });
    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    expect(Object.keys(first.body.data[0]).sort()).toEqual(
      ["amount", "attestHash", "createdAt", "id", "negotiationId", "settlementId", "status"].sort(),
    );
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { id: string }[]; cursor: string | null } } = await call(
        "GET",
        `/receipts?limit=2${cursor ? `&cursor=${cursor}` : ""}`,
        { key: key() },
      );
      ids.push(...page.body.data.map((item) => item.id));
      cursor = page.body.cursor;
    } while (cursor);
    expect(ids).toEqual(issued.map((row) => row.id).reverse());
    const newest = issued.at(-1)!;
    expect(first.body.data[0]).toEqual({
      id: newest.id,
      settlementId: newest.settlementId,
      negotiationId: newest.negotiationId,
      amount: { value: newest.amountValue, currency: "USD" },
      attestHash: newest.attestHash,
      status: "valid",
      createdAt: newest.createdAt.toISOString(),
    });
  });

  test("filters by settlementId, negotiationId, status and creation time", async () => {
    const [a, b, c] = issued;
    const bySettlement = await call("GET", `/receipts?settlementId=${a!.settlementId}`, {
      key: key(),
    });
    expect(bySettlement.body.data.map((r: { id: string }) => r.id)).toEqual([a!.id]);
    const byNegotiation = await call("GET", `/receipts?negotiationId=${b!.negotiationId}`, {
      key: key(),
    });
    expect(byNegotiation.body.data.map((r: { id: string }) => r.id)).toEqual([b!.id]);
    const pending = await call("GET", "/receipts?status=pending", { key: key() });
    expect(pending.body.data).toEqual([]);
    const window = await call(
      "GET",
      `/receipts?createdAfter=${a!.createdAt.toISOString()}&createdBefore=${issued[3]!.createdAt.toISOString()}`,
      { key: key() },
    );
    expect(window.body.data.map((r: { id: string }) => r.id)).toEqual([c!.id, b!.id]);
  });

  test("bad filters are 400 with param, and nothing of another tenant shows", async () => {
    const bad = await call("GET", "/receipts?status=bogus", { key: key() });
    expect(bad.status).toBe(400);
    expect(bad.body.error.param).toBe("status");
    const badTime = await call("GET", "/receipts?createdAfter=yesterday", { key: key() });
    expect(badTime.body.error.param).toBe("createdAfter");
    const unknown = await call("GET", "/receipts?color=red", { key: key() });
    expect(unknown.body.error.param).toBe("color");
    const other = await call("GET", "/receipts", { key: stranger.keys.sandbox });
    expect(other.body.data).toEqual([]);
    const production = await call("GET", "/receipts", {
      key: tenant.keys.production,
      environment: "production",
    });
    expect(production.body.data).toEqual([]);
    expect((await call("GET", "/receipts")).status).toBe(401);
  });
});

describe("GET /v1/receipts/:id", () => {
  test("returns every field of Receipt (full)", async () => {
    const row = issued[1]!;
    const response = await call("GET", `/receipts/${row.id}`, { key: key() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: row.id,
      settlementId: row.settlementId,
      negotiationId: row.negotiationId,
      amount: { value: row.amountValue, currency: "USD" },
      attestHash: row.attestHash,
      status: "valid",
      createdAt: row.createdAt.toISOString(),
      parties: row.parties,
      adapter: "sandbox",
      externalRef: row.externalRef,
      attest: {
        formatVersion: 1,
        hash: row.attestHash,
        algorithm: "SHA-256",
        proof: {
          policySnapshot: "pol-standard@v1",
          evidenceChain: row.evidenceChain,
          deterministic: true,
        },
        status: "valid",
        verifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    });
    expect(response.body.parties[0].role).toBe("initiator");
    expect(response.body.attest.proof.evidenceChain).toHaveLength(3);
  });

  test("another organization's receipt is 404, as is an unknown id", async () => {
    const row = issued[0]!;
    expect((await call("GET", `/receipts/${row.id}`, { key: stranger.keys.sandbox })).status).toBe(
      404,
    );
    const missing = await call("GET", "/receipts/rcp-doesnotexist0000", { key: key() });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("not_found");
  });

  test("a key without receipt.read gets 403", async () => {
    const narrow = await seedTenant({ scopes: ["receipt.list"] });
    try {
      const response = await call("GET", `/receipts/${issued[0]!.id}`, {
        key: narrow.keys.sandbox,
      });
      expect(response.status).toBe(403);
      const verify = await call("POST", `/receipts/${issued[0]!.id}/verify`, {
        key: narrow.keys.sandbox,
        body: {},
      });
      expect(verify.status).toBe(403);
    } finally {
      await narrow.remove();
    }
  });
});

describe("a pending receipt", () => {
  // Holding the log's lock keeps the server's sealer from sealing it meanwhile; the embedded
  // database has one session, so a held transaction there would stall the server itself.
  test.skipIf(inject("databaseEmbedded"))(
    "is pending with no verifiedAt and no bundle while the log is busy",
    { tags: ["pglite-one-session"] },
    async () => {
      const row = await issueTestReceipt({
        tenant: { organizationId: tenant.organizationId, environment: "sandbox" },
      });
      await db.transaction(async (tx) => {
        await advisoryXactLock(tx, `attest-log:${logIdOf("sandbox")}`);
        const before = await call("GET", `/receipts/${row.id}`, { key: key() });
        expect(before.body.status).toBe("pending");
        expect(before.body.attest.verifiedAt).toBeNull();
        const bundle = await call("GET", `/receipts/${row.id}/bundle`, { key: key() });
        expect(bundle.status).toBe(409);
        const verify = await call("POST", `/receipts/${row.id}/verify`, { key: key(), body: {} });
        expect(verify.body.status).toBe("pending");
        expect(verify.body.hashMatch).toBe(true);
        expect(verify.body.checks.find((c: { name: string }) => c.name === "inclusion").ok).toBe(
          false,
        );
      });
    },
  );

  test("becomes valid when sealed", async () => {
    const row = await issueTestReceipt({
      tenant: { organizationId: tenant.organizationId, environment: "sandbox" },
    });
    await sealAll();
    const after = await call("GET", `/receipts/${row.id}`, { key: key() });
    expect(after.body.status).toBe("valid");
    expect(after.body.attest.status).toBe("valid");
  });
});

describe("sealing in the background", () => {
  test("the seal-receipts Inngest function seals an issued receipt with no help", async () => {
    const row = await issueTestReceipt({
      tenant: { organizationId: tenant.organizationId, environment: "sandbox" },
    });
    const sealed = await eventually(async () => {
      const response = await call("GET", `/receipts/${row.id}`, { key: key() });
      expect(response.body.status).toBe("valid");
      return response.body;
    }, 20_000);
    expect(sealed.attest.proof.deterministic).toBe(true);
    const bundle = await call("GET", `/receipts/${row.id}/bundle`, { key: key() });
    expect(bundle.status).toBe(200);
  });
});

describe("POST /v1/receipts/:id/verify", () => {
  test("returns the verification result with the named checks", async () => {
    const row = issued[2]!;
    const response = await call("POST", `/receipts/${row.id}/verify`, {
      key: key(),
      body: { includeEvidence: true, recomputeHash: true },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      receiptId: row.id,
      status: "valid",
      attestHash: row.attestHash,
      hashMatch: true,
      policyCompliant: true,
    });
    expect(
      response.body.evidence.map((e: { type: string; valid: boolean }) => [e.type, e.valid]),
    ).toEqual([
      ["negotiation_accepted", true],
      ["settlement_executed", true],
      ["payment_confirmed", true],
    ]);
    expect(response.body.checks.map((c: { name: string; ok: boolean }) => [c.name, c.ok])).toEqual([
      ["schema", true],
      ["evidence_chain", true],
      ["attest_hash", true],
      ["terms", true],
      ["policy", true],
      ["inclusion", true],
      ["tree_head_signature", true],
      ["tree_head_key_window", true],
    ]);
    const withoutEvidence = await call("POST", `/receipts/${row.id}/verify`, {
      key: key(),
      body: {},
    });
    expect(withoutEvidence.body.evidence).toBeUndefined();
    const cheap = await call("POST", `/receipts/${row.id}/verify`, {
      key: key(),
      body: { recomputeHash: false },
    });
    expect(cheap.body.checks.map((c: { name: string }) => c.name)).toEqual([
      "schema",
      "terms",
      "policy",
      "inclusion",
      "tree_head_signature",
      "tree_head_key_window",
    ]);
    expect(cheap.body.hashMatch).toBe(true);
  });

  test("bad bodies are 400 with param; unknown or foreign receipts are 404", async () => {
    const row = issued[2]!;
    const unknown = await call("POST", `/receipts/${row.id}/verify`, {
      key: key(),
      body: { includeEvidence: true, deep: true },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.param).toBe("deep");
    const wrongType = await call("POST", `/receipts/${row.id}/verify`, {
      key: key(),
      body: { includeEvidence: "yes" },
    });
    expect(wrongType.body.error.param).toBe("includeEvidence");
    const foreign = await call("POST", `/receipts/${row.id}/verify`, {
      key: stranger.keys.sandbox,
      body: {},
    });
    expect(foreign.status).toBe(404);
    const get = await call("GET", `/receipts/${row.id}/verify`, { key: key() });
    expect(get.status).toBe(405);
  });
});

describe("GET /v1/receipts/:id/bundle", () => {
  test("exports a document that verifies offline against the published JWKS", async () => {
    const row = issued[4]!;
    const bundle = await call("GET", `/receipts/${row.id}/bundle`, { key: key() });
    expect(bundle.status).toBe(200);
    expect(bundle.body.attest.evidence).toHaveLength(3);
    expect(bundle.body.attest.inclusionProof.treeSize).toBe(bundle.body.attest.treeHead.treeSize);
    const jwks = await call("GET", "/.well-known/jwks.json");
    expect(jwks.status).toBe(200);
    expect(
      jwks.body.keys.some((k: { kid: string }) => k.kid === bundle.body.attest.treeHead.keyId),
    ).toBe(true);
    const result = await verifyReceiptBundle({ bundle: bundle.body, jwks: jwks.body });
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    expect(result.status).toBe("valid");
  });
});
