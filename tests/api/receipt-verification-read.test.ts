import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db, rawSql } from "@/db/client";
import { createMemoryNodeStore } from "@/lib/attest";
import { inclusionProofRanges, rangeNodeKeys } from "@/lib/attest/merkle-log";
import { signingKeyProofs } from "@/lib/receipts/agent-key-log";
import { assembleAttestation } from "@/lib/receipts/assemble-attestation";
import { tryAdvisoryXactLock } from "@/lib/receipts/attest-log";
import { checkStoredReceipt } from "@/lib/receipts/check-stored-receipt";
import { getReceiptOrThrow } from "@/lib/receipts/get-receipt";
import { loadAttestation } from "@/lib/receipts/load-attestation";
import {
  inclusionNodeKeys,
  readForVerification,
  releaseVerificationLock,
  verificationReadOf,
} from "@/lib/receipts/read-for-verification";
import { treeHeadPublicJwks } from "@/lib/receipts/tree-head-public-jwks";
import { issueTestReceipt, sealAll } from "../support/receipts";
import { seedTenant, type TTestTenant } from "../support/tenant";

/** The stored nodes lib/attest folds into PATH(leaf, D[size]), as sorted `level:index` text. */
const jsKeys = (leaf: number, size: number) =>
  inclusionProofRanges({ index: leaf, size })
    .flatMap(rangeNodeKeys)
    .map((key) => `${key.level}:${key.index}`)
    .sort();

/** inclusionNodeKeys run by PostgreSQL for each (leaf, size) pair, as jsKeys gives them. */
async function sqlKeys(pairs: [number, number][]) {
  const sql = rawSql();
  const rows = await sql<{ leaf: string; size: string; keys: string[] }[]>`
    select p.leaf::text, p.size::text,
      coalesce(array_agg(k.level || ':' || k.idx) filter (where k.level is not null), '{}') as keys
    from unnest(${pairs.map(([leaf]) => leaf)}::bigint[], ${pairs.map(([, size]) => size)}::bigint[])
      as p(leaf, size)
    left join lateral (${sql.unsafe(inclusionNodeKeys("p.leaf", "p.size"))}) k on true
    group by p.leaf, p.size`;
  return new Map(rows.map((row) => [`${row.leaf}/${row.size}`, [...row.keys].sort()]));
}

describe("inclusionNodeKeys (the proof's nodes, computed by PostgreSQL)", () => {
  test("names exactly the nodes lib/attest folds, for every leaf of every log size up to 300", async () => {
    const pairs: [number, number][] = [];
    for (let size = 1; size <= 300; size++) {
      for (let leaf = 0; leaf < size; leaf++) pairs.push([leaf, size]);
    }
    const computed = await sqlKeys(pairs);
    const mismatches = pairs.filter(
      ([leaf, size]) =>
        JSON.stringify(computed.get(`${leaf}/${size}`)) !== JSON.stringify(jsKeys(leaf, size)),
    );
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  test("and for logs far beyond 32-bit sizes", async () => {
    const size = 2 ** 41 + 2 ** 33 + 12_345;
    const pairs: [number, number][] = [
      0,
      1,
      2 ** 40,
      2 ** 41,
      2 ** 41 + 2 ** 33 + 12_000,
      size - 1,
    ].map((leaf) => [leaf, size]);
    const computed = await sqlKeys(pairs);
    for (const [leaf] of pairs) expect(computed.get(`${leaf}/${size}`)).toEqual(jsKeys(leaf, size));
  });
});

describe("readForVerification", () => {
  let tenant: TTestTenant;
  const sandbox = () => ({
    organizationId: tenant.organizationId,
    environment: "sandbox" as const,
  });

  beforeAll(async () => {
    tenant = await seedTenant();
  });
  afterAll(async () => tenant.remove());

  /** Another session's view: is the receipt's verification lock free? */
  const lockIsFree = (receiptId: string) =>
    db.transaction((tx) => tryAdvisoryXactLock(tx, `receipt-verify:${receiptId}`));

  /**
   * The read on a session of its own, and whether its lock was free to others meanwhile. PGlite
   * runs every client on its one connection and session, where the lock is re-entrant: there the
   * read runs on that connection and the lock is only released.
   */
  const read = async (lookup: { receiptId?: string; settlementId?: string }) => {
    const embedded = inject("databaseEmbedded");
    const reserved = embedded ? undefined : await rawSql().reserve();
    const session = reserved ?? rawSql();
    try {
      const [raw] = await readForVerification(session, { tenant: sandbox(), ...lookup });
      if (!raw) return undefined;
      const result = { ...verificationReadOf(raw), raw };
      if (!result.locked) return result;
      const freeWhileHeld = embedded ? undefined : await lockIsFree(result.row.id);
      await releaseVerificationLock(session, result.row.id);
      return { ...result, freeWhileHeld, freeAfterRelease: await lockIsFree(result.row.id) };
    } finally {
      reserved?.release();
    }
  };

  test("reads the receipt exactly as drizzle does, and the attestation loadAttestation reads", async () => {
    const issued = await issueTestReceipt({ tenant: sandbox(), responders: 2 });
    // The server's sealer may seal the receipt at any moment: drizzle's reads before and after
    // bracket the read, which sees the row as one of them.
    const before = await getReceiptOrThrow({ tenant: sandbox(), receiptId: issued.id });
    const first = await read({ receiptId: issued.id });
    const after = await getReceiptOrThrow({ tenant: sandbox(), receiptId: issued.id });
    expect([before, after]).toContainEqual(first?.row);
    if (first?.row.status === "pending") expect(first.nodes).toEqual([]);

    // Two more leaves, so that the receipt's proof has nodes to read.
    for (const responders of [1, 3]) await issueTestReceipt({ tenant: sandbox(), responders });
    await sealAll();
    const sealed = await read({ settlementId: issued.settlementId });
    const row = await getReceiptOrThrow({ tenant: sandbox(), receiptId: issued.id });
    expect(sealed?.row).toEqual(row);
    expect(sealed?.raw).toMatchObject({ id: row.id, status: row.status });
    expect(sealed?.raw.keyId).toBe(sealed?.treeHead?.keyId);
    expect(sealed).toMatchObject({ locked: true, freeAfterRelease: true });
    if (!inject("databaseEmbedded")) expect(sealed).toMatchObject({ freeWhileHeld: false });
    const loaded = await loadAttestation(db, row);
    expect(sealed?.evidence).toEqual(loaded.evidence);
    expect(sealed?.treeHead).toEqual(loaded.treeHead);
    const { store } = createMemoryNodeStore();
    await store.put(sealed!.nodes);
    const assembled = await assembleAttestation({
      row,
      evidence: sealed!.evidence,
      treeHead: sealed!.treeHead,
      store,
      keyProofs: loaded.bundle?.attest.keyProofs ?? [],
    });
    expect(sealed?.nodes.length).toBeGreaterThan(0);
    expect(assembled.logProblem).toBeNull();
    expect(assembled.bundle).toEqual(loaded.bundle);
  });

  test("checkStoredReceipt finds the read valid, and a changed fact invalid", async () => {
    const issued = await issueTestReceipt({ tenant: sandbox(), responders: 2 });
    await sealAll();
    const sealed = await read({ receiptId: issued.id });
    const jwks = { keys: await treeHeadPublicJwks() };
    const check = (json: string) =>
      checkStoredReceipt({
        json,
        jwks,
        recomputeHash: true,
        keyProofs: (input) => signingKeyProofs(db, input),
      });
    const valid = await check(sealed!.raw.json);
    expect(valid).toMatchObject({ status: "valid", receipt: { id: issued.id } });
    expect(valid.treeHead).toEqual(sealed?.treeHead);
    expect(valid.checks.map((c) => [c.name, c.ok])).toEqual(
      [
        "schema",
        "evidence_chain",
        "attest_hash",
        "terms",
        "policy",
        "inclusion",
        "tree_head_signature",
        "tree_head_key_window",
      ].map((name) => [name, true]),
    );
    const forged = await check(
      JSON.stringify({ ...JSON.parse(sealed!.raw.json), externalRef: "sbx_forged" }),
    );
    expect(forged.status).toBe("invalid");
    expect(forged.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["attest_hash"]);
  });

  test("reads nothing for another tenant's receipt", async () => {
    const stranger = await seedTenant();
    try {
      const issued = await issueTestReceipt({ tenant: sandbox(), responders: 1 });
      const [raw] = await readForVerification(rawSql(), {
        tenant: { organizationId: stranger.organizationId, environment: "sandbox" },
        receiptId: issued.id,
      });
      expect(raw).toBeUndefined();
      expect(await lockIsFree(issued.id)).toBe(true);
    } finally {
      await stranger.remove();
    }
  });
});
