import { randomInt } from "node:crypto";
import { verifyReceiptBundle as verifyBundleWithSdk } from "@agent-settlement/sdk";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { agentKeys, attestLogHeads, receipts, type TReceiptRow, treeHeadKeys } from "@/db/schema";
import {
  consistencyProof,
  fromHashHex,
  signTreeHead,
  verifyConsistency,
  verifyReceiptBundle,
} from "@/lib/attest";
import { createTreeHeadVerifier } from "@/lib/attest/tree-head-cache";
import { open } from "@/lib/crypto/sealed-secret";
import { secretContexts } from "@/lib/crypto/secret-contexts";
import { logIdOf, tryAdvisoryXactLock } from "@/lib/receipts/attest-log";
import { pgNodeStore } from "@/lib/receipts/pg-node-store";
import { rotateTreeHeadKey } from "@/lib/receipts/rotate-tree-head-key";
import { sealPendingReceipts } from "@/lib/receipts/seal-receipts";
import { newSigningKey, registerKey } from "../support/agent-keys";
import { call } from "../support/api";
import { agentOf } from "../support/deals";
import { issueTestReceipt, loggedLeaves, sealAll } from "../support/receipts";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
let stranger: TTestTenant;
let receipt: TReceiptRow;

const sandbox = () => ({ organizationId: tenant.organizationId, environment: "sandbox" as const });
const key = () => tenant.keys.sandbox;

beforeAll(async () => {
  tenant = await seedTenant();
  stranger = await seedTenant();
  receipt = await issueTestReceipt({ tenant: sandbox(), responders: 2 });
  await sealAll();
});
afterAll(async () => {
  await tenant.remove();
  await stranger.remove();
});

describe("POST /v1/attest/verify", () => {
  test("checks chain, hash, policy, inclusion and signature, by settlement or receipt", async () => {
    const bySettlement = await call("POST", "/attest/verify", {
      key: key(),
      body: { settlementId: receipt.settlementId },
    });
    expect(bySettlement.status).toBe(200);
    expect(bySettlement.body).toMatchObject({
      settlementId: receipt.settlementId,
      receiptId: receipt.id,
      status: "valid",
      attestHash: receipt.attestHash,
    });
    expect(bySettlement.body.checks.every((c: { ok: boolean }) => c.ok)).toBe(true);
    expect(bySettlement.body.leafIndex).toBeGreaterThanOrEqual(0);
    expect(bySettlement.body.treeHead.treeSize).toBeGreaterThan(bySettlement.body.leafIndex);
    const byReceipt = await call("POST", "/attest/verify", {
      key: key(),
      body: { receiptId: receipt.id },
    });
    expect(byReceipt.body.receiptId).toBe(receipt.id);
  });

  test("needs exactly one of settlementId and receiptId; foreign ids are 404", async () => {
    const neither = await call("POST", "/attest/verify", { key: key(), body: {} });
    expect(neither.status).toBe(400);
    expect(neither.body.error.param).toBe("settlementId");
    const both = await call("POST", "/attest/verify", {
      key: key(),
      body: { settlementId: receipt.settlementId, receiptId: receipt.id },
    });
    expect(both.status).toBe(400);
    const foreign = await call("POST", "/attest/verify", {
      key: stranger.keys.sandbox,
      body: { settlementId: receipt.settlementId },
    });
    expect(foreign.status).toBe(404);
    const narrow = await seedTenant({ scopes: ["attest.investigate"] });
    try {
      const denied = await call("POST", "/attest/verify", {
        key: narrow.keys.sandbox,
        body: { receiptId: receipt.id },
      });
      expect(denied.status).toBe(403);
    } finally {
      await narrow.remove();
    }
  });
});

describe("GET /v1/attest/evidence/:id", () => {
  test("returns the record with its hashes, chain position and the receipt's inclusion", async () => {
    const [first, second, third] = receipt.evidenceChain;
    const response = await call("GET", `/attest/evidence/${second}`, { key: key() });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: second,
      type: "settlement_executed",
      settlementId: receipt.settlementId,
      valid: true,
      chain: {
        position: 1,
        length: 3,
        previousId: first,
        nextId: third,
        head: receipt.evidenceChainHead,
      },
      receipt: { id: receipt.id, attestHash: receipt.attestHash, inChain: true, status: "valid" },
    });
    expect(response.body.hash).toMatch(/^0x[0-9a-f]{64}$/);
    const previous = await call("GET", `/attest/evidence/${first}`, { key: key() });
    expect(response.body.previousHash).toBe(previous.body.hash);
    expect(previous.body.previousHash).toBe(`0x${"0".repeat(64)}`);
    expect(response.body.payload.policyVersion).toBe("pol-standard@v1");
    expect(response.body.receipt.inclusionProof.treeSize).toBe(
      response.body.receipt.treeHead.treeSize,
    );
  });

  test("another organization's evidence is 404; receipt.read alone is 403", async () => {
    const id = receipt.evidenceChain[0]!;
    expect(
      (await call("GET", `/attest/evidence/${id}`, { key: stranger.keys.sandbox })).status,
    ).toBe(404);
    const narrow = await seedTenant({ scopes: ["receipt.read", "attest.verify"] });
    try {
      expect(
        (await call("GET", `/attest/evidence/${id}`, { key: narrow.keys.sandbox })).status,
      ).toBe(403);
    } finally {
      await narrow.remove();
    }
  });
});

describe("POST /v1/attest/replay", () => {
  test("replaying every settlement of a randomized run reproduces every hash", async () => {
    const run: TReceiptRow[] = [];
    for (let i = 0; i < 30; i++) {
      const responders = randomInt(1, 6);
      const equalSplit = i % 4 === 0;
      const value = equalSplit ? responders * randomInt(1, 2_000_000) : randomInt(responders, 1e12);
      run.push(
        await issueTestReceipt({
          tenant: sandbox(),
          responders,
          value,
          equalSplit,
          currency: (["USD", "EUR", "GBP", "JPY"] as const)[randomInt(0, 4)],
        }),
      );
    }
    await sealAll();
    for (const row of run) {
      const replay = await call("POST", "/attest/replay", {
        key: key(),
        body: i2(row),
      });
      expect(replay.status).toBe(200);
      expect(replay.body.error).toBeNull();
      expect(replay.body.diff).toEqual([]);
      expect(replay.body.deterministic).toBe(true);
      expect(replay.body.replayed.attestHash).toBe(row.attestHash);
      expect(replay.body.replayed.parties).toEqual(row.parties);
      expect(replay.body.steps.map((s: { to: string }) => s.to)).toEqual([
        "pending",
        "executing",
        "executed",
      ]);
    }
    const sealed = await db
      .select()
      .from(receipts)
      .where(
        inArray(
          receipts.id,
          run.map((r) => r.id),
        ),
      );
    expect(sealed.every((row) => row.deterministic === true && row.status === "valid")).toBe(true);
  });
});

// Alternate the two ways of naming the settlement.
const i2 = (row: TReceiptRow) =>
  row.id.charCodeAt(row.id.length - 1) % 2 === 0
    ? { receiptId: row.id }
    : { settlementId: row.settlementId };

describe("concurrent verification", () => {
  test.skipIf(inject("databaseEmbedded"))(
    "while one verification runs (in any process), every other call gets 409",
    { tags: ["pglite-one-session"] },
    async () => {
      // PGlite runs every client on one session, where advisory locks are re-entrant.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = db.transaction(async (tx) => {
        expect(await tryAdvisoryXactLock(tx, `receipt-verify:${receipt.id}`)).toBe(true);
        locked();
        await held;
      });
      await isLocked;
      const calls = await Promise.all(
        Array.from({ length: 10 }, () =>
          call("POST", `/receipts/${receipt.id}/verify`, { key: key(), body: {} }),
        ),
      );
      expect(calls.map((c) => c.status)).toEqual(Array(10).fill(409));
      expect(calls[0]!.body.error.code).toBe("conflict");
      const integrity = await call("POST", "/attest/verify", {
        key: key(),
        body: { receiptId: receipt.id },
      });
      expect(integrity.status).toBe(409);
      release();
      await holder;
      const after = await call("POST", `/receipts/${receipt.id}/verify`, { key: key(), body: {} });
      expect(after.status).toBe(200);
    },
  );

  test("simultaneous calls on one receipt: each either runs or gets 409, at least one runs, and the lock is free after", async () => {
    const calls = await Promise.all(
      Array.from({ length: 20 }, () =>
        call("POST", `/receipts/${receipt.id}/verify`, {
          key: key(),
          body: { includeEvidence: true },
        }),
      ),
    );
    const statuses = calls.map((c) => c.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    for (const c of calls.filter((c) => c.status === 200)) expect(c.body.status).toBe("valid");
    // A 409 from the server's own process took the session's lock again; it released it too.
    if (!inject("databaseEmbedded")) {
      const free = await db.transaction((tx) =>
        tryAdvisoryXactLock(tx, `receipt-verify:${receipt.id}`),
      );
      expect(free).toBe(true);
    }
  });
});

describe("the log", () => {
  test.skipIf(inject("databaseEmbedded"))(
    "concurrent sealers assign leaf indices without gaps, and each new head extends the old one",
    { tags: ["pglite-one-session"] },
    async () => {
      const logId = logIdOf("sandbox");
      const [before] = await db
        .select()
        .from(attestLogHeads)
        .where(eq(attestLogHeads.logId, logId));
      const burst = await Promise.all(
        Array.from({ length: 40 }, () => issueTestReceipt({ tenant: sandbox(), responders: 1 })),
      );
      await Promise.all(
        Array.from({ length: 6 }, () => sealPendingReceipts({ environment: "sandbox", limit: 7 })),
      );
      await sealAll();
      // Every leaf is a receipt's or an agent key entry's (other files add keys meanwhile).
      const indices = await loggedLeaves("sandbox");
      const [after] = await db.select().from(attestLogHeads).where(eq(attestLogHeads.logId, logId));
      expect(indices).toEqual(indices.map((_, i) => i));
      expect(after!.treeSize).toBeGreaterThanOrEqual(before!.treeSize + burst.length);
      const proof = await consistencyProof({
        store: pgNodeStore(db, logId),
        oldSize: before!.treeSize,
        newSize: after!.treeSize,
      });
      expect(
        verifyConsistency({
          oldSize: before!.treeSize,
          newSize: after!.treeSize,
          oldRoot: fromHashHex(before!.rootHash),
          newRoot: fromHashHex(after!.rootHash),
          proof,
        }),
      ).toBe(true);
    },
  );

  test.skipIf(inject("databaseEmbedded"))(
    "a key added and revoked before the next seal gets both entries in that seal, the addition first",
    { tags: ["pglite-one-session"] },
    async () => {
      const agentId = await agentOf(key());
      let keyId = "";
      // Holding the log's lock holds back every seal until both changes are made.
      await db.transaction(async (tx) => {
        expect(await tryAdvisoryXactLock(tx, `attest-log:${logIdOf("sandbox")}`)).toBe(true);
        keyId = await registerKey(key(), agentId, newSigningKey());
        const revoked = await call("POST", `/agents/${agentId}/keys/${keyId}/revoke`, {
          key: key(),
        });
        expect(revoked.body.status).toBe("revoked");
      });
      await sealAll();
      const [row] = await db.select().from(agentKeys).where(eq(agentKeys.id, keyId));
      expect(row!.addedLogIndex).not.toBeNull();
      expect(row!.revokedLogIndex).toBeGreaterThan(row!.addedLogIndex!);
      const leaves = await loggedLeaves("sandbox");
      expect(leaves).toEqual(leaves.map((_, i) => i));
    },
  );

  test("a rotated signing key stays in the JWKS, so bundles signed with it still verify", async () => {
    const old = await call("GET", `/receipts/${receipt.id}/bundle`, { key: key() });
    const oldKid = old.body.attest.treeHead.keyId;
    const { retired, active } = await rotateTreeHeadKey();
    expect(retired).toBe(oldKid);
    expect(active).not.toBe(oldKid);
    await issueTestReceipt({ tenant: sandbox() });
    await sealAll();
    const fresh = await call("GET", `/receipts/${receipt.id}/bundle`, { key: key() });
    expect(fresh.body.attest.treeHead.keyId).not.toBe(oldKid);
    const jwks = (await call("GET", "/.well-known/jwks.json")).body;
    const kids = jwks.keys.map((k: { kid: string }) => k.kid);
    expect(kids).toContain(oldKid);
    expect(kids).toContain(fresh.body.attest.treeHead.keyId);
    for (const bundle of [old.body, fresh.body]) {
      expect(
        (await verifyReceiptBundle({ bundle, jwks, treeHeads: createTreeHeadVerifier() })).status,
      ).toBe("valid");
    }
    const verify = await call("POST", `/receipts/${receipt.id}/verify`, { key: key(), body: {} });
    expect(verify.body.status).toBe("valid");
  });

  test("rotation publishes a transition checkpoint signed by both keys and closes the old key's window", async () => {
    const before = await call("GET", `/receipts/${receipt.id}/bundle`, { key: key() });
    const oldHead = before.body.attest.treeHead;
    const { retired, active } = await rotateTreeHeadKey();
    expect(retired).toBe(oldHead.keyId);
    const history = await call("GET", "/attest/log/keys");
    expect(history.status).toBe(200);
    const transition = history.body.transitions.find(
      (t: { previousKeyId: string }) => t.previousKeyId === retired,
    );
    expect(transition).toMatchObject({ previousKeyId: retired, keyId: active });
    expect(transition.treeSize).toBeGreaterThanOrEqual(oldHead.treeSize);
    // Checkpoint text, a blank line, the new key's line, then the retiring key's.
    const lines = transition.note.split("\n");
    expect(lines).toHaveLength(7);
    expect(lines[1]).toBe(String(transition.treeSize));
    expect(lines[4]!.startsWith(`\u2014 ${history.body.origin} `)).toBe(true);
    expect(lines[5]!.startsWith(`\u2014 ${history.body.origin} `)).toBe(true);
    const windowOf = (kid: string) =>
      history.body.windows.filter((w: { keyId: string }) => w.keyId === kid).at(-1);
    expect(windowOf(retired!)).toMatchObject({ lastTreeSize: transition.treeSize });
    expect(windowOf(active)).toMatchObject({ lastTreeSize: null });
    expect(windowOf(active).firstTreeSize).toBeLessThanOrEqual(transition.treeSize);

    const jwks = (await call("GET", "/.well-known/jwks.json")).body;
    const retiredJwk = jwks.keys.find((k: { kid: string }) => k.kid === retired);
    expect(retiredJwk.windows).toContainEqual({
      origin: history.body.origin,
      firstTreeSize: windowOf(retired!).firstTreeSize,
      lastTreeSize: transition.treeSize,
    });
    // What the retired key signed stays valid.
    expect((await verifyBundleWithSdk(before.body, jwks)).status).toBe("valid");

    // Retired-key fork: whoever kept the retired key signs the log's next head with it.
    await issueTestReceipt({ tenant: sandbox() });
    await sealAll();
    const after = (await call("GET", `/receipts/${receipt.id}/bundle`, { key: key() })).body;
    expect(after.attest.treeHead.treeSize).toBeGreaterThan(transition.treeSize);
    const [row] = await db.select().from(treeHeadKeys).where(eq(treeHeadKeys.kid, retired!));
    const forged = structuredClone(after);
    forged.attest.treeHead = {
      ...signTreeHead({
        ...after.attest.treeHead,
        keyId: retired!,
        privateKey: open(row!.privateKeyPem!, secretContexts.treeHeadPrivateKey(retired!)),
      }),
      cosignatures: after.attest.treeHead.cosignatures,
    };
    const refused = await verifyBundleWithSdk(forged, jwks);
    expect(refused.status).toBe("invalid");
    expect(refused.checks.filter((c) => !c.ok)).toEqual([
      {
        name: "tree_head_key_window",
        ok: false,
        detail: expect.stringMatching(
          new RegExp(
            `^key ${retired} signs ${history.body.origin} only at tree sizes .*, not ${after.attest.treeHead.treeSize}$`,
          ),
        ),
      },
    ]);
  });
});
