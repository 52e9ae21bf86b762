import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import {
  attestLogHeads,
  attestLogNodes,
  evidenceRecords,
  receipts,
  type TReceiptRow,
  treeHeadKeys,
} from "@/db/schema";
import {
  formatCheckpoint,
  fromHashHex,
  signTreeHead,
  type TReceiptBundle,
  toHashHex,
  treeRoot,
  verifyReceiptBundle,
} from "@/lib/attest";
import { createTreeHeadVerifier } from "@/lib/attest/tree-head-cache";
import { open } from "@/lib/crypto/sealed-secret";
import { secretContexts } from "@/lib/crypto/secret-contexts";
import { logIdOf } from "@/lib/receipts/attest-log";
import { pgNodeStore } from "@/lib/receipts/pg-node-store";
import { call } from "../support/api";
import { issueTestReceipt, loggedLeaves, sealAll } from "../support/receipts";
import { seedTenant, type TTestTenant } from "../support/tenant";

/*
 * Each tamper case is applied twice: to the rows in the real database (then verified through the
 * API) and to a bundle exported before the tampering (then verified offline). Both must call the
 * receipt invalid and name the same failing checks. These cases run in the production
 * environment, whose log no other test file touches: the log cases damage the shared log and
 * restore it afterwards.
 */

const environment = "production" as const;
const logId = logIdOf(environment);
let tenant: TTestTenant;
let jwks: unknown;

beforeAll(async () => {
  tenant = await seedTenant();
});
afterAll(() => tenant.remove());

const key = () => tenant.keys.production;

const failing = (checks: { name: string; ok: boolean }[]) =>
  checks.filter((c) => !c.ok).map((c) => c.name);

async function sealedReceipt(): Promise<{ row: TReceiptRow; bundle: TReceiptBundle }> {
  const row = await issueTestReceipt({
    tenant: { organizationId: tenant.organizationId, environment },
    responders: 3,
  });
  // A few more leaves, so the receipt's audit path is not trivial.
  for (let i = 0; i < 3; i++) {
    await issueTestReceipt({ tenant: { organizationId: tenant.organizationId, environment } });
  }
  await sealAll(environment);
  const bundle = await call("GET", `/receipts/${row.id}/bundle`, { key: key(), environment });
  expect(bundle.status).toBe(200);
  jwks = (await call("GET", "/.well-known/jwks.json")).body;
  return { row, bundle: bundle.body };
}

const verifyThroughApi = (receiptId: string) =>
  call("POST", `/receipts/${receiptId}/verify`, {
    key: key(),
    environment,
    body: { includeEvidence: true },
  });

const verifyOffline = (bundle: TReceiptBundle) =>
  verifyReceiptBundle({ bundle, jwks, treeHeads: createTreeHeadVerifier() });

const forgedSignature = (bundle: TReceiptBundle) => {
  const { privateKey } = generateKeyPairSync("ed25519");
  return sign(null, Buffer.from(formatCheckpoint(bundle.attest.treeHead)), privateKey).toString(
    "base64",
  );
};

type TCase = {
  name: string;
  failing: string[];
  /** Tampers with the database; returns how to undo it (log cases), or nothing. */
  tamperRows: (row: TReceiptRow, bundle: TReceiptBundle) => Promise<(() => Promise<void>) | void>;
  tamperBundle: (bundle: TReceiptBundle) => void;
};

const evidenceOf = (row: TReceiptRow) =>
  db
    .select()
    .from(evidenceRecords)
    .where(eq(evidenceRecords.settlementId, row.settlementId))
    .orderBy(evidenceRecords.position);

const cases: TCase[] = [
  {
    // The shares, replayed through the policy, no longer sum to it either.
    name: "an edited amount",
    failing: ["attest_hash", "terms", "policy"],
    tamperRows: async (row) => {
      await db
        .update(receipts)
        .set({ amountValue: row.amountValue + 100 })
        .where(eq(receipts.id, row.id));
    },
    tamperBundle: (bundle) => {
      bundle.amount.value += 100;
    },
  },
  {
    name: "a changed party share",
    failing: ["attest_hash", "terms"],
    tamperRows: async (row) => {
      const parties = structuredClone(row.parties);
      parties[1]!.amount += 1;
      parties[2]!.amount -= 1;
      await db.update(receipts).set({ parties }).where(eq(receipts.id, row.id));
    },
    tamperBundle: (bundle) => {
      bundle.parties[1]!.amount += 1;
      bundle.parties[2]!.amount -= 1;
    },
  },
  {
    name: "reordered evidence",
    failing: ["evidence_chain"],
    tamperRows: async (row) => {
      const [first, second] = await evidenceOf(row);
      await db.transaction(async (tx) => {
        await tx
          .update(evidenceRecords)
          .set({ position: -1 })
          .where(eq(evidenceRecords.id, first!.id));
        await tx
          .update(evidenceRecords)
          .set({ position: 0 })
          .where(eq(evidenceRecords.id, second!.id));
        await tx
          .update(evidenceRecords)
          .set({ position: 1 })
          .where(eq(evidenceRecords.id, first!.id));
      });
    },
    tamperBundle: (bundle) => {
      const [first, second] = bundle.attest.evidence;
      bundle.attest.evidence[0] = second!;
      bundle.attest.evidence[1] = first!;
    },
  },
  {
    // The middle record is settlement_executed, the one that names the policy version.
    name: "a deleted evidence record",
    failing: ["evidence_chain", "policy"],
    tamperRows: async (row) => {
      const [, middle] = await evidenceOf(row);
      await db.delete(evidenceRecords).where(eq(evidenceRecords.id, middle!.id));
    },
    tamperBundle: (bundle) => {
      bundle.attest.evidence.splice(1, 1);
    },
  },
  {
    name: "an edited evidence payload",
    failing: ["evidence_chain"],
    tamperRows: async (row) => {
      const [, executed] = await evidenceOf(row);
      await db
        .update(evidenceRecords)
        .set({ payload: { ...executed!.payload, adapter: "ledger" } })
        .where(eq(evidenceRecords.id, executed!.id));
    },
    tamperBundle: (bundle) => {
      bundle.attest.evidence[1]!.payload.adapter = "ledger";
    },
  },
  {
    name: "a swapped policy version",
    failing: ["attest_hash", "policy"],
    tamperRows: async (row) => {
      await db
        .update(receipts)
        .set({ policySnapshot: "pol-standard@v2" })
        .where(eq(receipts.id, row.id));
    },
    tamperBundle: (bundle) => {
      bundle.attest.proof.policySnapshot = "pol-standard@v2";
    },
  },
  {
    name: "a forged tree-head signature",
    failing: ["tree_head_signature"],
    tamperRows: async (_row, bundle) => {
      const [head] = await db.select().from(attestLogHeads).where(eq(attestLogHeads.logId, logId));
      const forged = forgedSignature({
        ...bundle,
        attest: { ...bundle.attest, treeHead: { ...bundle.attest.treeHead, ...head! } },
      });
      await db
        .update(attestLogHeads)
        .set({ signature: forged })
        .where(eq(attestLogHeads.logId, logId));
      return async () => {
        await db.update(attestLogHeads).set(head!).where(eq(attestLogHeads.logId, logId));
      };
    },
    tamperBundle: (bundle) => {
      bundle.attest.treeHead.signature = forgedSignature(bundle);
    },
  },
  {
    // Someone with the signing key cuts the log back to before the receipt and re-signs it.
    name: "a truncated log",
    failing: ["inclusion"],
    tamperRows: async (row) => {
      const leaf = row.logIndex ?? 0;
      const [head] = await db.select().from(attestLogHeads).where(eq(attestLogHeads.logId, logId));
      const removed = await db
        .delete(attestLogNodes)
        .where(
          and(
            eq(attestLogNodes.logId, logId),
            // Every node that covers a leaf at or after the receipt's.
            sql`(${attestLogNodes.idx} + 1) * (1::bigint << ${attestLogNodes.level}) > ${leaf}`,
          ),
        )
        .returning();
      const root = await treeRoot({ store: pgNodeStore(db, logId), size: leaf });
      const [active] = await db
        .select()
        .from(treeHeadKeys)
        .where(eq(treeHeadKeys.status, "active"));
      const resigned = signTreeHead({
        origin: head!.origin,
        treeSize: leaf,
        rootHash: toHashHex(root),
        keyId: active!.kid,
        privateKey: open(active!.privateKeyPem!, secretContexts.treeHeadPrivateKey(active!.kid)),
      });
      await db.update(attestLogHeads).set(resigned).where(eq(attestLogHeads.logId, logId));
      return async () => {
        await db.insert(attestLogNodes).values(removed);
        await db.update(attestLogHeads).set(head!).where(eq(attestLogHeads.logId, logId));
      };
    },
    tamperBundle: (bundle) => {
      bundle.attest.inclusionProof.hashes.pop();
    },
  },
  {
    name: "a rewritten log",
    failing: ["inclusion"],
    tamperRows: async (_row, bundle) => {
      const pathNode = fromHashHex(bundle.attest.inclusionProof.hashes[0]!);
      const [node] = await db
        .update(attestLogNodes)
        .set({ hash: randomBytes(32) })
        .where(and(eq(attestLogNodes.logId, logId), eq(attestLogNodes.hash, pathNode)))
        .returning();
      expect(node).toBeDefined();
      return async () => {
        await db
          .update(attestLogNodes)
          .set({ hash: pathNode })
          .where(
            and(
              eq(attestLogNodes.logId, logId),
              eq(attestLogNodes.level, node!.level),
              eq(attestLogNodes.idx, node!.idx),
            ),
          );
      };
    },
    tamperBundle: (bundle) => {
      bundle.attest.inclusionProof.hashes[0] = toHashHex(randomBytes(32));
    },
  },
];

// On PGlite this file's direct row edits interleave at protocol level with the server's background
// sealing on the one multiplexed session ("portal does not exist"); PostgreSQL runs it fully.
describe.skipIf(inject("databaseEmbedded"))(
  "tampering is detected, named, and the same online and offline",
  { tags: ["pglite-one-session"] },
  () => {
    test.each(cases)("$name", async (tamper) => {
      const { row: issuedRow, bundle } = await sealedReceipt();
      const [row] = await db.select().from(receipts).where(eq(receipts.id, issuedRow.id));
      expect((await verifyOffline(bundle)).status).toBe("valid");

      const restore = await tamper.tamperRows(row!, bundle);
      try {
        const online = await verifyThroughApi(row!.id);
        expect(online.status).toBe(200);
        expect(online.body.status).toBe("invalid");
        expect(failing(online.body.checks)).toEqual(tamper.failing);
        const stored = await call("GET", `/receipts/${row!.id}`, { key: key(), environment });
        expect(stored.body.status).toBe("invalid");
        expect(stored.body.attest.status).toBe("invalid");
        const integrity = await call("POST", "/attest/verify", {
          key: key(),
          environment,
          body: { settlementId: row!.settlementId },
        });
        expect(failing(integrity.body.checks)).toEqual(tamper.failing);

        const tampered = structuredClone(bundle);
        tamper.tamperBundle(tampered);
        const offline = await verifyOffline(tampered);
        expect(offline.status).toBe("invalid");
        expect(failing(offline.checks)).toEqual(tamper.failing);
        for (const name of tamper.failing) {
          expect(
            online.body.checks.find((c: { name: string }) => c.name === name).detail,
          ).toBeTruthy();
        }
      } finally {
        if (restore) await restore();
      }
      if (restore) {
        // Once the log is whole again the receipt verifies again: status is the latest verdict.
        const again = await verifyThroughApi(row!.id);
        expect(failing(again.body.checks)).toEqual([]);
        expect(again.body.status).toBe("valid");
      }
    });

    test("an evidence tamper shows as an invalid record in the verification's evidence list", async () => {
      const { row } = await sealedReceipt();
      const [, executed] = await evidenceOf(row);
      await db
        .update(evidenceRecords)
        .set({ payload: { ...executed!.payload, policyVersion: "pol-standard@v9" } })
        .where(eq(evidenceRecords.id, executed!.id));
      const online = await verifyThroughApi(row.id);
      expect(online.body.evidence.map((e: { valid: boolean }) => e.valid)).toEqual([
        true,
        false,
        true,
      ]);
      expect(online.body.hashMatch).toBe(true);
      expect(online.body.policyCompliant).toBe(false);
      const replay = await call("POST", "/attest/replay", {
        key: key(),
        environment,
        body: { receiptId: row.id },
      });
      expect(replay.body.deterministic).toBe(false);
      expect(replay.body.error).toMatch(/evidence chain is broken/);
    });

    test("a changed party share makes replay non-deterministic, with the diff", async () => {
      const { row } = await sealedReceipt();
      const parties = structuredClone(row.parties);
      parties[1]!.amount += 7;
      await db.update(receipts).set({ parties }).where(eq(receipts.id, row.id));
      const replay = await call("POST", "/attest/replay", {
        key: key(),
        environment,
        body: { settlementId: row.settlementId },
      });
      expect(replay.status).toBe(200);
      expect(replay.body.deterministic).toBe(false);
      expect(replay.body.diff).toEqual([
        {
          path: "$.parties[1].amount",
          recorded: row.parties[1]!.amount + 7,
          replayed: row.parties[1]!.amount,
        },
      ]);
    });
  },
);

// Checks the log the tamper cases above sealed into, so it runs where they do.
describe.skipIf(inject("databaseEmbedded"))(
  "leaf indices",
  { tags: ["pglite-one-session"] },
  async () => {
    test("have no gaps and every tree head covers every sealed receipt and key entry", async () => {
      const leaves = await loggedLeaves(environment);
      const [head] = await db.select().from(attestLogHeads).where(eq(attestLogHeads.logId, logId));
      expect(leaves).toEqual(leaves.map((_, i) => i));
      expect(head!.treeSize).toBe(leaves.length);
    });
  },
);
