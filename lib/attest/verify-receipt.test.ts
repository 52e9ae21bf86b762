import { generateKeyPairSync } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { formatCheckpoint } from "./checkpoint";
import { generateTreeHeadKeyPair, signTreeHead } from "./checkpoint-sign";
import { cosignCheckpoint, witnessVkeyOf } from "./cosignature-sign";
import { buildAttestedLog, resealBundle, TEST_ORIGIN } from "./fixtures";
import { toHashHex } from "./hash";
import { appendLeaves, inclusionProof, treeRoot } from "./merkle-log";
import { createMemoryNodeStore } from "./merkle-memory-store";
import type { TReceiptBundle } from "./schemas";
import { createTreeHeadVerifier } from "./tree-head-cache";
import { type TReceiptBundleVerification, verifyReceiptBundle } from "./verify-receipt";

type TLog = Awaited<ReturnType<typeof buildAttestedLog>>;
let log: TLog;

beforeAll(async () => {
  log = await buildAttestedLog({ receiptCount: 12, totalLeaves: 200 });
});

const clone = (index = 0): TReceiptBundle => structuredClone(log.bundles[index]!);
const verifyBundle = async (bundle: unknown, jwks: unknown = log.jwks) =>
  await verifyReceiptBundle({ bundle, jwks, treeHeads: createTreeHeadVerifier() });
const failed = (result: TReceiptBundleVerification) =>
  result.checks.filter((c) => !c.ok).map((c) => c.name);
const detail = (result: TReceiptBundleVerification, name: string) =>
  result.checks.find((c) => c.name === name)?.detail;

describe("verifyReceiptBundle on genuine receipts", () => {
  it("finds every receipt of the log valid, with all checks passing", async () => {
    for (const bundle of log.bundles) {
      const result = await verifyBundle(bundle);
      expect(failed(result)).toEqual([]);
      expect(result.status).toBe("valid");
      expect(result.checks.map((c) => c.name)).toEqual([
        "schema",
        "evidence_chain",
        "attest_hash",
        "terms",
        "policy",
        "inclusion",
        "tree_head_signature",
        "tree_head_key_window",
      ]);
      expect(result.attestHash).toBe(bundle.attestHash);
      expect(result.evidence.map((e) => e.type)).toEqual([
        "negotiation_accepted",
        "settlement_executed",
        "payment_confirmed",
      ]);
      expect(result.evidence.every((e) => e.valid)).toBe(true);
    }
  });

  it("survives a JSON round trip (the bundle is a self-contained document)", async () => {
    const document = JSON.stringify(log.bundles[3]);
    expect((await verifyBundle(JSON.parse(document))).status).toBe("valid");
  });

  it("accepts an older signed tree head that still contains the receipt, with its own proof", async () => {
    const bundle = clone(1);
    const leafIndex = bundle.attest.inclusionProof.leafIndex;
    const size = leafIndex + 5;
    const root = await treeRoot({ store: log.store, size });
    bundle.attest.treeHead = signTreeHead({
      origin: TEST_ORIGIN,
      treeSize: size,
      rootHash: toHashHex(root),
      keyId: log.keys.kid,
      privateKey: log.keys.privateKeyPem,
    });
    const proof = await inclusionProof({ store: log.store, index: leafIndex, size });
    bundle.attest.inclusionProof = { leafIndex, treeSize: size, hashes: proof.map(toHashHex) };
    expect((await verifyBundle(bundle)).status).toBe("valid");
  });

  it("verifies format 3 receipts signed by every party, their keys logged before them (the benchmark's log)", async () => {
    const signedLog = await buildAttestedLog({
      receiptCount: 6,
      totalLeaves: 60,
      formatVersion: 3,
      signEvery: 2,
    });
    for (const [index, bundle] of signedLog.bundles.entries()) {
      const result = await verifyReceiptBundle({
        bundle,
        jwks: signedLog.jwks,
        treeHeads: createTreeHeadVerifier(),
      });
      expect(failed(result)).toEqual([]);
      const signers = bundle.parties.map((party) => party.agentId);
      if (index % 2 === 0) {
        expect(bundle.attest.keyProofs).toHaveLength(signers.length);
        expect(detail(result, "agreement")).toBe(
          `final terms signed by ${signers.join(", ")} (signatures required: all)`,
        );
      } else {
        expect(bundle.attest.keyProofs).toEqual([]);
        expect(detail(result, "agreement")).toBe(
          "final terms signed by no agent (signatures required: none)",
        );
      }
    }
    // Without the proofs of its keys, a signed receipt's keys are only asserted by itself.
    const unproven = structuredClone(signedLog.bundles[0]!);
    unproven.attest.keyProofs = [];
    const result = await verifyReceiptBundle({ bundle: unproven, jwks: signedLog.jwks });
    expect(failed(result)).toEqual(["signing_keys"]);
  });
});

describe("verifyReceiptBundle names what was tampered with", () => {
  it("edited amount", async () => {
    const bundle = clone();
    bundle.amount.value += 1;
    const result = await verifyBundle(bundle);
    expect(result.status).toBe("invalid");
    // The policy, replayed on the receipt's facts, finds the shares no longer sum to the amount.
    expect(failed(result)).toEqual(["attest_hash", "terms", "policy"]);
    expect(detail(result, "attest_hash")).toMatch(
      /^receipt hashes to 0x[0-9a-f]{64}, attest.hash is /,
    );
  });

  it("edited amount with a recomputed attest hash: no longer the logged receipt", async () => {
    const bundle = clone();
    bundle.amount.value = 999_999;
    resealBundle(bundle);
    expect(failed(await verifyBundle(bundle))).toEqual(["terms", "policy", "inclusion"]);
  });

  it("changed party share", async () => {
    const bundle = clone(1); // two parties
    bundle.parties[1]!.amount -= 100;
    expect(failed(await verifyBundle(bundle))).toEqual(["attest_hash", "terms", "policy"]);
    resealBundle(bundle);
    expect(failed(await verifyBundle(bundle))).toEqual(["terms", "policy", "inclusion"]);
  });

  it("party swapped for another agent", async () => {
    const bundle = clone(2);
    bundle.parties[2]!.agentId = "agent-mallory";
    expect(failed(await verifyBundle(bundle))).toEqual(["attest_hash", "terms"]);
  });

  it("reordered evidence", async () => {
    const bundle = clone();
    const [a, b, c] = bundle.attest.evidence;
    bundle.attest.evidence = [a!, c!, b!];
    const result = await verifyBundle(bundle);
    expect(failed(result)).toContain("evidence_chain");
    expect(detail(result, "evidence_chain")).toMatch(/does not link/);
    expect(result.evidence.map((e) => e.valid)).toEqual([true, false, false]);

    // Reordering the id list along with the records does not help.
    bundle.attest.proof.evidenceChain = [a!.id, c!.id, b!.id];
    expect(failed(await verifyBundle(bundle))).toEqual(["evidence_chain", "attest_hash"]);
  });

  it("reordered evidence, re-chained and re-hashed", async () => {
    const bundle = clone();
    const [a, b, c] = bundle.attest.evidence;
    bundle.attest.evidence = [a!, c!, b!];
    resealBundle(bundle);
    expect(failed(await verifyBundle(bundle))).toEqual(["inclusion"]);
  });

  it("deleted evidence record", async () => {
    const middle = clone();
    middle.attest.evidence.splice(1, 1);
    const result = await verifyBundle(middle);
    expect(failed(result)).toContain("evidence_chain");
    expect(detail(result, "evidence_chain")).toMatch(/does not link/);

    const last = clone();
    last.attest.evidence.pop();
    expect(failed(await verifyBundle(last))).toEqual(["evidence_chain", "attest_hash"]);
    expect(detail(await verifyBundle(last), "evidence_chain")).toMatch(/is missing/);

    // Deleting it from the id list as well still changes the attested body.
    last.attest.proof.evidenceChain.pop();
    expect(failed(await verifyBundle(last))).toEqual(["attest_hash"]);
  });

  it("edited evidence payload", async () => {
    const bundle = clone();
    bundle.attest.evidence[2]!.payload.railStatus = "reversed";
    const result = await verifyBundle(bundle);
    expect(failed(result)).toEqual(["evidence_chain"]);
    expect(detail(result, "evidence_chain")).toMatch(/does not hash to its recorded hash/);
    expect(result.evidence.map((e) => e.valid)).toEqual([true, true, false]);

    resealBundle(bundle, { attest: false });
    expect(failed(await verifyBundle(bundle))).toEqual(["attest_hash"]);
    resealBundle(bundle);
    expect(failed(await verifyBundle(bundle))).toEqual(["inclusion"]);
  });

  it("swapped policy version", async () => {
    const bundle = clone();
    bundle.attest.proof.policySnapshot = "pol-standard@v4";
    const result = await verifyBundle(bundle);
    expect(failed(result)).toEqual(["attest_hash", "policy"]);
    expect(detail(result, "policy")).toMatch(
      /records policy "pol-standard@v1", receipt names pol-standard@v4/,
    );

    // With the hash recomputed, the evidence still names the old policy.
    resealBundle(bundle);
    expect(failed(await verifyBundle(bundle))).toEqual(["policy", "inclusion"]);

    // Rewriting the evidence too leaves only the log to catch it: no rules of v4 to replay.
    bundle.attest.evidence[1]!.payload.policyVersion = "pol-standard@v4";
    resealBundle(bundle);
    const rewritten = await verifyBundle(bundle);
    expect(failed(rewritten)).toEqual(["inclusion"]);
    expect(detail(rewritten, "policy")).toBe(
      "not replayed: this verifier knows pol-standard@v1, not pol-standard@v4",
    );
  });

  it("malformed policy version", async () => {
    const bundle = clone();
    bundle.attest.proof.policySnapshot = "latest";
    expect(detail(await verifyBundle(bundle), "policy")).toBe(
      'policySnapshot "latest" is not a policy version id',
    );
  });

  it("forged tree head signature", async () => {
    const bundle = clone();
    bundle.attest.treeHead.signature = Buffer.alloc(64, 9).toString("base64");
    const result = await verifyBundle(bundle);
    expect(failed(result)).toEqual(["tree_head_signature"]);
    expect(detail(result, "tree_head_signature")).toMatch(/does not verify/);
  });

  it("forged log: a tree head over a forged receipt, signed by a key not in the JWKS", async () => {
    const bundle = clone();
    bundle.amount.value = 1;
    resealBundle(bundle);
    // The forger builds its own one-leaf log around the forged receipt and signs it.
    const forger = generateTreeHeadKeyPair({ kid: log.keys.kid });
    const { store } = createMemoryNodeStore();
    const appended = await appendLeaves({
      store,
      size: 0,
      entries: [Buffer.from(bundle.attest.hash.slice(2), "hex")],
    });
    await store.put(appended.nodes);
    const root = await treeRoot({ store, size: 1 });
    bundle.attest.inclusionProof = { leafIndex: 0, treeSize: 1, hashes: [] };
    bundle.attest.treeHead = signTreeHead({
      origin: TEST_ORIGIN,
      treeSize: 1,
      rootHash: toHashHex(root),
      keyId: forger.kid,
      privateKey: forger.privateKeyPem,
    });
    expect(failed(await verifyBundle(bundle))).toEqual(["terms", "policy", "tree_head_signature"]);
  });

  it("tree head whose size or root was edited after signing", async () => {
    const bigger = clone();
    bigger.attest.treeHead.treeSize += 1;
    bigger.attest.inclusionProof.treeSize += 1;
    expect(failed(await verifyBundle(bigger))).toContain("tree_head_signature");

    const rerooted = clone();
    rerooted.attest.treeHead.rootHash = toHashHex(Buffer.alloc(32, 3));
    expect(failed(await verifyBundle(rerooted))).toEqual(["inclusion", "tree_head_signature"]);
  });

  it("truncated log: a genuinely signed head of a shorter log", async () => {
    const bundle = clone(5);
    const leafIndex = bundle.attest.inclusionProof.leafIndex;
    const signHead = async (size: number) =>
      signTreeHead({
        origin: TEST_ORIGIN,
        treeSize: size,
        rootHash: toHashHex(await treeRoot({ store: log.store, size })),
        keyId: log.keys.kid,
        privateKey: log.keys.privateKeyPem,
      });

    // A head from before the receipt was appended: the proof cannot lead to it.
    bundle.attest.treeHead = await signHead(leafIndex);
    const result = await verifyBundle(bundle);
    expect(failed(result)).toEqual(["inclusion"]);
    expect(detail(result, "inclusion")).toMatch(/signed tree head has/);

    bundle.attest.inclusionProof.treeSize = leafIndex;
    expect(failed(await verifyBundle(bundle))).toEqual(["inclusion"]);

    // A shorter head that still holds the leaf, with the old proof relabelled: wrong root.
    bundle.attest.treeHead = await signHead(leafIndex + 3);
    bundle.attest.inclusionProof.treeSize = leafIndex + 3;
    expect(failed(await verifyBundle(bundle))).toEqual(["inclusion"]);
  });

  it("rewritten log: the operator replaced an earlier leaf and signed the new head", async () => {
    const bundle = clone(6);
    const entries = log.entries.map((entry, i) => (i === 3 ? Buffer.alloc(32, 0xee) : entry));
    const { store } = createMemoryNodeStore();
    const appended = await appendLeaves({ store, size: 0, entries });
    await store.put(appended.nodes);
    bundle.attest.treeHead = signTreeHead({
      origin: TEST_ORIGIN,
      treeSize: log.size,
      rootHash: toHashHex(await treeRoot({ store, size: log.size })),
      keyId: log.keys.kid,
      privateKey: log.keys.privateKeyPem,
    });
    const result = await verifyBundle(bundle);
    expect(failed(result)).toEqual(["inclusion"]);
    expect(detail(result, "inclusion")).toBe(
      "inclusion proof does not lead to the signed root hash",
    );
  });

  it("proof for another leaf index", async () => {
    const bundle = clone(4);
    bundle.attest.inclusionProof.leafIndex += 1;
    expect(failed(await verifyBundle(bundle))).toEqual(["inclusion"]);
  });

  it("attestHash differing from attest.hash", async () => {
    const bundle = clone();
    bundle.attestHash = log.bundles[1]!.attestHash;
    const result = await verifyBundle(bundle);
    expect(failed(result)).toEqual(["attest_hash"]);
    expect(detail(result, "attest_hash")).toBe("attestHash and attest.hash differ");
  });

  it("a tree head of another log when the origin is pinned", async () => {
    const result = await verifyReceiptBundle({
      bundle: clone(),
      jwks: log.jwks,
      expectedOrigin: "settlement.example.com/attest/production",
    });
    expect(failed(result)).toEqual(["tree_head_signature"]);
  });

  it("an unknown signing key", async () => {
    const result = await verifyBundle(clone(), { keys: [generateTreeHeadKeyPair().publicJwk] });
    expect(failed(result)).toEqual(["tree_head_signature", "tree_head_key_window"]);
    expect(detail(result, "tree_head_signature")).toMatch(/^no Ed25519 key .* in the JWKS$/);
  });
});

describe("verifyReceiptBundle on malformed input", () => {
  it("reports a schema failure for something that is not a bundle", async () => {
    for (const bundle of ["receipt", null, [], { id: "rcp-1" }]) {
      const result = await verifyBundle(bundle);
      expect(result.status).toBe("invalid");
      expect(result.checks).toEqual([expect.objectContaining({ name: "schema", ok: false })]);
    }
  });

  it("reports a schema failure for a receipt without its attest extensions", async () => {
    const bundle = clone() as Partial<TReceiptBundle>;
    delete bundle.attest;
    const result = await verifyBundle(bundle);
    expect(result.checks).toEqual([expect.objectContaining({ name: "schema", ok: false })]);
    expect(result.checks[0]!.detail).toMatch(/^bundle\.attest/);

    const withoutProof = clone() as { attest: Partial<TReceiptBundle["attest"]> };
    delete withoutProof.attest.inclusionProof;
    expect((await verifyBundle(withoutProof)).checks[0]!.detail).toMatch(
      /^bundle\.attest\.inclusionProof/,
    );
  });

  it("reports an unsafe amount as a schema failure rather than hashing a rounded value", async () => {
    const bundle = clone();
    bundle.amount.value = 2 ** 53 + 2;
    expect((await verifyBundle(bundle)).checks[0]).toMatchObject({ name: "schema", ok: false });
  });

  it("reports an unsafe number inside evidence as a broken chain", async () => {
    const bundle = clone();
    bundle.attest.evidence[0]!.payload.round = 0.5;
    const result = await verifyBundle(bundle);
    // negotiation_accepted, whose round it is, no longer reads as accepted terms either.
    expect(failed(result)).toEqual(["evidence_chain", "terms"]);
    expect(detail(result, "evidence_chain")).toMatch(/not a safe integer/);
  });

  it("reports a malformed JWKS", async () => {
    const result = await verifyBundle(clone(), { keys: "none" });
    expect(result.checks[0]).toMatchObject({ name: "schema", ok: false });
    expect(result.checks[0]!.detail).toMatch(/^jwks/);
  });
});

describe("tree head verification cost", () => {
  it("verifies the shared tree head signature once for many receipts", async () => {
    const treeHeads = createTreeHeadVerifier();
    for (const bundle of log.bundles) {
      expect((await verifyReceiptBundle({ bundle, jwks: log.jwks, treeHeads })).status).toBe(
        "valid",
      );
    }
    expect(treeHeads.size()).toBe(1);
  });
});

describe("verifyReceiptBundle under random mutation", () => {
  // Members that record verification state rather than settlement facts: no hash covers them.
  const unhashed = new Set([
    "status",
    "attest.status",
    "attest.verifiedAt",
    "attest.proof.deterministic",
  ]);

  const leafPaths = (value: unknown, prefix: string[] = []): string[][] => {
    if (value === null || typeof value !== "object") return [prefix];
    return Object.entries(value).flatMap(([key, child]) => leafPaths(child, [...prefix, key]));
  };

  it("never throws, and is valid only when an unhashed member changed", async () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const replacements: unknown[] = [
      null,
      0,
      -1,
      2 ** 53,
      1.5,
      "",
      "x",
      true,
      {},
      [],
      `0x${"0".repeat(64)}`,
    ];
    const paths = leafPaths(log.bundles[0]);
    for (let i = 0; i < 400; i++) {
      const bundle = clone() as unknown as Record<string, unknown>;
      const path = paths[Math.floor(random() * paths.length)]!;
      const replacement = replacements[Math.floor(random() * replacements.length)];
      let parent = bundle as Record<string, unknown>;
      for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
      const original = parent[path.at(-1)!];
      parent[path.at(-1)!] = replacement;

      const result = await verifyBundle(bundle);
      const unchanged = JSON.stringify(original) === JSON.stringify(replacement);
      if (result.status === "valid" && !unchanged) {
        expect(unhashed.has(path.join(".")), `mutation of ${path.join(".")} went unnoticed`).toBe(
          true,
        );
      }
    }
  });
});

describe("verifyReceiptBundle with a witness policy", () => {
  const witnesses = ["w1.example", "w2.example"].map((name) => {
    const { privateKey } = generateKeyPairSync("ed25519");
    return { name, privateKey, vkey: witnessVkeyOf({ name, privateKey }) };
  });
  const policy = { keys: witnesses.map((w) => w.vkey), quorum: 2 };
  const cosigned = (bundle: TReceiptBundle, signers = witnesses) => {
    const checkpoint = formatCheckpoint(bundle.attest.treeHead);
    bundle.attest.treeHead.cosignatures = signers.map((w) =>
      cosignCheckpoint({ checkpoint, name: w.name, privateKey: w.privateKey, timestamp: 1n }),
    );
    return bundle;
  };
  const verifyWitnessed = (bundle: TReceiptBundle) =>
    verifyReceiptBundle({ bundle, jwks: log.jwks, witnesses: policy });

  it("adds the witness_cosignatures check, passing on a quorum", async () => {
    const result = await verifyWitnessed(cosigned(clone()));
    expect(result.status).toBe("valid");
    expect(result.checks.at(-1)).toMatchObject({ name: "witness_cosignatures", ok: true });
  });

  it("refuses a tree head short of the quorum, naming the check", async () => {
    const result = await verifyWitnessed(cosigned(clone(), witnesses.slice(0, 1)));
    expect(result.status).toBe("invalid");
    expect(failed(result)).toEqual(["witness_cosignatures"]);
  });
});

describe("verifyReceiptBundle and the signing key's windows", () => {
  const withWindows = (windows: unknown[]) => ({
    keys: log.jwks.keys.map((jwk) => ({ ...jwk, windows })),
  });

  it("takes a head inside its key's window, open or closed", async () => {
    const open = await verifyBundle(
      clone(),
      withWindows([{ origin: TEST_ORIGIN, firstTreeSize: 0 }]),
    );
    expect(failed(open)).toEqual([]);
    expect(detail(open, "tree_head_key_window")).toBeUndefined();
    const closed = await verifyBundle(
      clone(),
      withWindows([{ origin: TEST_ORIGIN, firstTreeSize: 150, lastTreeSize: log.size }]),
    );
    expect(failed(closed)).toEqual([]);
  });

  it("retired-key fork: a head signed past the end of the key's window", async () => {
    // The key was retired at the transition checkpoint of size - 1; whoever still holds it
    // signs a genuine-looking head one leaf later.
    const result = await verifyBundle(
      clone(),
      withWindows([
        { origin: TEST_ORIGIN, firstTreeSize: 0, lastTreeSize: log.size - 1 },
        { origin: "settlement.example.com/attest/production", firstTreeSize: 0 },
      ]),
    );
    expect(failed(result)).toEqual(["tree_head_key_window"]);
    expect(detail(result, "tree_head_key_window")).toBe(
      `key ${log.keys.kid} signs ${TEST_ORIGIN} only at tree sizes 0–${log.size - 1}, not ${log.size}`,
    );
  });

  it("a head before the key's window starts, or in a log the key never signed", async () => {
    const early = await verifyBundle(
      clone(),
      withWindows([{ origin: TEST_ORIGIN, firstTreeSize: log.size + 1 }]),
    );
    expect(failed(early)).toEqual(["tree_head_key_window"]);
    const elsewhere = await verifyBundle(
      clone(),
      withWindows([{ origin: "settlement.example.com/attest/production", firstTreeSize: 0 }]),
    );
    expect(detail(elsewhere, "tree_head_key_window")).toBe(
      `key ${log.keys.kid} never signed ${TEST_ORIGIN}`,
    );
  });

  it("a key published without windows is taken at any size, and the check says so", async () => {
    const result = await verifyBundle(clone());
    expect(failed(result)).toEqual([]);
    expect(detail(result, "tree_head_key_window")).toBe(
      `the JWKS gives key ${log.keys.kid} no windows, so any tree size is taken`,
    );
  });

  it("a malformed window is a schema failure of the JWKS", async () => {
    const result = await verifyBundle(
      clone(),
      withWindows([{ origin: TEST_ORIGIN, firstTreeSize: -1 }]),
    );
    expect(failed(result)).toEqual(["schema"]);
    expect(detail(result, "schema")).toMatch(/^jwks\.keys\.0\.windows\.0\.firstTreeSize:/);
  });
});
