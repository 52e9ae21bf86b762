import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  EMPTY_TREE_HASH,
  hashChildren,
  hashLeaf,
  inclusionProofRootHex,
  rootFromInclusionProof,
  verifyConsistency,
  verifyInclusion,
} from "./merkle";
import {
  appendLeaf,
  appendLeaves,
  consistencyProof,
  inclusionProof,
  MerkleStoreError,
  treeRoot,
} from "./merkle-log";
import { createMemoryNodeStore } from "./merkle-memory-store";

// An independent, naive RFC 9162 §2.1 implementation: recursion straight from the definitions.
const sha = (...parts: Uint8Array[]) => {
  const h = createHash("sha256");
  for (const part of parts) h.update(part);
  return h.digest();
};
const naiveLeaf = (entry: Uint8Array) => sha(Buffer.from([0]), entry);
const naiveNode = (l: Uint8Array, r: Uint8Array) => sha(Buffer.from([1]), l, r);
const k = (n: number) => {
  let p = 1;
  while (p * 2 < n) p *= 2;
  return p;
};
const mth = (d: Uint8Array[]): Buffer => {
  if (d.length === 0) return sha();
  if (d.length === 1) return naiveLeaf(d[0]!);
  const split = k(d.length);
  return naiveNode(mth(d.slice(0, split)), mth(d.slice(split)));
};
const path = (m: number, d: Uint8Array[]): Buffer[] => {
  if (d.length <= 1) return [];
  const split = k(d.length);
  return m < split
    ? [...path(m, d.slice(0, split)), mth(d.slice(split))]
    : [...path(m - split, d.slice(split)), mth(d.slice(0, split))];
};
const subproof = (m: number, d: Uint8Array[], b: boolean): Buffer[] => {
  if (m === d.length) return b ? [] : [mth(d)];
  const split = k(d.length);
  return m <= split
    ? [...subproof(m, d.slice(0, split), b), mth(d.slice(split))]
    : [...subproof(m - split, d.slice(split), false), mth(d.slice(0, split))];
};
const naiveConsistency = (m: number, d: Uint8Array[]) => (m === 0 ? [] : subproof(m, d, true));

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const entryFor = (i: number) => Buffer.from(`entry-${i}`);
const flip = (b: Uint8Array) => {
  const copy = Buffer.from(b);
  copy[0] = copy[0]! ^ 1;
  return copy;
};

const buildLog = async (count: number) => {
  const memory = createMemoryNodeStore();
  let size = 0;
  for (let i = 0; i < count; i++) {
    const appended = await appendLeaf({ store: memory.store, size, entry: entryFor(i) });
    await memory.store.put(appended.nodes);
    size = appended.size;
  }
  return memory;
};

describe("RFC 9162 hashing", () => {
  it("prefixes leaves with 0x00 and nodes with 0x01", () => {
    expect(hex(hashLeaf(Buffer.from("abc")))).toBe(hex(sha(Buffer.from("\x00abc", "latin1"))));
    const l = sha(Buffer.from("l"));
    const r = sha(Buffer.from("r"));
    expect(hex(hashChildren(l, r))).toBe(hex(sha(Buffer.from([1]), l, r)));
    // Without the prefixes an inner node could pass as a leaf; with them it cannot.
    expect(hex(hashChildren(l, r))).not.toBe(hex(hashLeaf(Buffer.concat([l, r]))));
  });

  it("matches the RFC 6962 reference roots", async () => {
    // Test vectors of the certificate-transparency reference implementation (merkle_tree_test).
    const leaves = [
      "",
      "00",
      "10",
      "2021",
      "3031",
      "40414243",
      "5051525354555657",
      "606162636465666768696a6b6c6d6e6f",
    ].map((h) => Buffer.from(h, "hex"));
    const roots = [
      "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
      "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
      "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
      "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
      "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
      "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
      "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
      "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
    ];
    const { store } = createMemoryNodeStore();
    let size = 0;
    for (const [i, leaf] of leaves.entries()) {
      const appended = await appendLeaf({ store, size, entry: leaf });
      await store.put(appended.nodes);
      size = appended.size;
      expect(hex(await treeRoot({ store, size }))).toBe(roots[i]);
    }
    expect(hex(await treeRoot({ store, size: 0 }))).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
    expect(hex(EMPTY_TREE_HASH)).toBe(hex(sha()));
  });
});

describe("hex hash inputs", () => {
  const l = sha(Buffer.from("l"));
  const r = sha(Buffer.from("r"));

  it("hash the same as bytes", () => {
    expect(hex(hashChildren(`0x${hex(l)}`, r))).toBe(hex(hashChildren(l, r)));
    expect(hex(hashChildren(l, `0x${hex(r)}`))).toBe(hex(hashChildren(l, r)));
  });

  it.each([
    ["uppercase", `0x${hex(r).toUpperCase()}`],
    ["no prefix", hex(r)],
    ["short", `0x${hex(r).slice(2)}`],
    ["long", `0x${hex(r)}00`],
    ["non-hex", `0x${hex(r).slice(1)}g`],
  ])("are refused when %s", (_, value) => {
    expect(() => hashChildren(l, value)).toThrow(/not a 0x-prefixed SHA-256 hex/);
    expect(() =>
      inclusionProofRootHex({ leafHash: l, leafIndex: 0, treeSize: 2, proof: [value] }),
    ).toThrow();
    expect(() =>
      inclusionProofRootHex({ leafHash: value, leafIndex: 0, treeSize: 1, proof: [] }),
    ).toThrow();
  });
});

describe("store-backed log against the naive definition", () => {
  const entries = Array.from({ length: 70 }, (_, i) => entryFor(i));

  it("has the right root, and a correct verifiable inclusion proof for every index, sizes 1..70", async () => {
    const { store } = await buildLog(70);
    for (let size = 1; size <= 70; size++) {
      const d = entries.slice(0, size);
      const root = await treeRoot({ store, size });
      expect(hex(root)).toBe(hex(mth(d)));
      for (let index = 0; index < size; index++) {
        const proof = await inclusionProof({ store, index, size });
        expect(proof.map(hex)).toEqual(path(index, d).map(hex));
        const leafHash = hashLeaf(entries[index]!);
        expect(
          verifyInclusion({ leafHash, leafIndex: index, treeSize: size, proof, rootHash: root }),
        ).toBe(true);

        // Any change to leaf, index, size, a sibling or the proof length must fail.
        const other = hashLeaf(entryFor(1000));
        expect(
          verifyInclusion({
            leafHash: other,
            leafIndex: index,
            treeSize: size,
            proof,
            rootHash: root,
          }),
        ).toBe(false);
        if (size > 1) {
          const wrongIndex = (index + 1) % size;
          expect(
            verifyInclusion({
              leafHash,
              leafIndex: wrongIndex,
              treeSize: size,
              proof,
              rootHash: root,
            }),
          ).toBe(false);
        }
        // The same proof spelled as 0x-hex, as a receipt bundle carries it.
        const hexProof = proof.map((p) => `0x${hex(p)}`);
        expect(
          inclusionProofRootHex({
            leafHash: `0x${hex(leafHash)}`,
            leafIndex: index,
            treeSize: size,
            proof: hexProof,
          }),
        ).toBe(`0x${hex(root)}`);

        // (The same proof can hold for a left-side leaf under another tree size: the size is bound
        // by the signed tree head, which the receipt verifier checks against the proof's size.)
        expect(
          verifyInclusion({ leafHash, leafIndex: size, treeSize: size, proof, rootHash: root }),
        ).toBe(false);
        for (let j = 0; j < proof.length; j++) {
          const tampered = proof.map((p, at) => (at === j ? flip(p) : p));
          expect(
            verifyInclusion({
              leafHash,
              leafIndex: index,
              treeSize: size,
              proof: tampered,
              rootHash: root,
            }),
          ).toBe(false);
        }
        expect(
          verifyInclusion({
            leafHash,
            leafIndex: index,
            treeSize: size,
            proof: [...proof, root],
            rootHash: root,
          }),
        ).toBe(false);
        if (proof.length > 0) {
          expect(
            verifyInclusion({
              leafHash,
              leafIndex: index,
              treeSize: size,
              proof: proof.slice(1),
              rootHash: root,
            }),
          ).toBe(false);
        }
      }
    }
  });

  it("gives correct verifiable consistency proofs between every pair of sizes up to 40", async () => {
    const { store } = await buildLog(40);
    const roots = [EMPTY_TREE_HASH];
    for (let size = 1; size <= 40; size++) roots.push(await treeRoot({ store, size }));
    for (let newSize = 0; newSize <= 40; newSize++) {
      for (let oldSize = 0; oldSize <= newSize; oldSize++) {
        const proof = await consistencyProof({ store, oldSize, newSize });
        expect(proof.map(hex)).toEqual(
          naiveConsistency(oldSize, entries.slice(0, newSize)).map(hex),
        );
        const oldRoot = roots[oldSize]!;
        const newRoot = roots[newSize]!;
        expect(verifyConsistency({ oldSize, newSize, oldRoot, newRoot, proof })).toBe(true);
        if (oldSize === 0) continue;

        expect(
          verifyConsistency({ oldSize, newSize, oldRoot: flip(oldRoot), newRoot, proof }),
        ).toBe(false);
        expect(
          verifyConsistency({ oldSize, newSize, oldRoot, newRoot: flip(newRoot), proof }),
        ).toBe(false);
        for (let j = 0; j < proof.length; j++) {
          const tampered = proof.map((p, at) => (at === j ? flip(p) : p));
          expect(verifyConsistency({ oldSize, newSize, oldRoot, newRoot, proof: tampered })).toBe(
            false,
          );
        }
        if (oldSize < newSize) {
          // A proof for other sizes, or the reverse direction, must not pass.
          expect(
            verifyConsistency({
              oldSize: newSize,
              newSize: oldSize,
              oldRoot: newRoot,
              newRoot: oldRoot,
              proof,
            }),
          ).toBe(false);
          expect(verifyConsistency({ oldSize, newSize, oldRoot, newRoot, proof: [] })).toBe(false);
          if (newSize < 40) {
            expect(
              verifyConsistency({
                oldSize,
                newSize: newSize + 1,
                oldRoot,
                newRoot: roots[newSize + 1]!,
                proof,
              }),
            ).toBe(false);
          }
        }
      }
    }
  });

  it("detects a rewritten history: a log with one leaf replaced is not consistent with the original", async () => {
    const original = await buildLog(20);
    const rewritten = createMemoryNodeStore();
    let size = 0;
    for (let i = 0; i < 30; i++) {
      const entry = i === 7 ? Buffer.from("forged") : entryFor(i);
      const appended = await appendLeaf({ store: rewritten.store, size, entry });
      await rewritten.store.put(appended.nodes);
      size = appended.size;
    }
    const oldRoot = await treeRoot({ store: original.store, size: 20 });
    const newRoot = await treeRoot({ store: rewritten.store, size: 30 });
    const proof = await consistencyProof({ store: rewritten.store, oldSize: 20, newSize: 30 });
    expect(verifyConsistency({ oldSize: 20, newSize: 30, oldRoot, newRoot, proof })).toBe(false);
  });
});

describe("storage cost", () => {
  it("writes 1 + (trailing one bits of the old size) nodes per append", async () => {
    const { store } = createMemoryNodeStore();
    let size = 0;
    for (let i = 0; i < 300; i++) {
      const appended = await appendLeaf({ store, size, entry: entryFor(i) });
      let trailingOnes = 0;
      while ((size >> trailingOnes) & 1) trailingOnes++;
      expect(appended.nodes).toHaveLength(1 + trailingOnes);
      expect(appended.leafIndex).toBe(size);
      expect(hex(appended.leafHash)).toBe(hex(naiveLeaf(entryFor(i))));
      await store.put(appended.nodes);
      size = appended.size;
    }
  });

  it("batched appends store exactly the nodes sequential appends store", async () => {
    const sequential = await buildLog(257);
    const batched = createMemoryNodeStore();
    let size = 0;
    for (const count of [1, 2, 5, 64, 100, 85]) {
      const batch = Array.from({ length: count }, (_, i) => entryFor(size + i));
      const appended = await appendLeaves({ store: batched.store, size, entries: batch });
      await batched.store.put(appended.nodes);
      size = appended.size;
    }
    expect(size).toBe(257);
    expect(new Map([...batched.nodes].map(([key, v]) => [key, hex(v)]))).toEqual(
      new Map([...sequential.nodes].map(([key, v]) => [key, hex(v)])),
    );
  });

  it("computes root and proofs of a large log with one batched read of O(log n) nodes", async () => {
    const memory = createMemoryNodeStore();
    const n = 100_003;
    const batch = Array.from({ length: n }, (_, i) => entryFor(i));
    const appended = await appendLeaves({ store: memory.store, size: 0, entries: batch });
    await memory.store.put(appended.nodes);
    const bound = 2 * Math.ceil(Math.log2(n));

    const count = (run: () => Promise<unknown>) => async () => {
      const before = { ...memory.stats };
      await run();
      return {
        calls: memory.stats.getCalls - before.getCalls,
        nodes: memory.stats.nodesRead - before.nodesRead,
      };
    };
    const root = await treeRoot({ store: memory.store, size: n });
    // The root folds one stored node per set bit of n.
    const setBits = n.toString(2).replaceAll("0", "").length;
    expect(setBits).toBe(8);
    expect(await count(() => treeRoot({ store: memory.store, size: n }))()).toEqual({
      calls: 1,
      nodes: setBits,
    });
    for (const index of [0, 1, 4_242, 65_535, 65_536, 99_999, n - 1]) {
      const cost = await count(() => inclusionProof({ store: memory.store, index, size: n }))();
      expect(cost.calls).toBe(1);
      expect(cost.nodes).toBeLessThanOrEqual(bound);
      const proof = await inclusionProof({ store: memory.store, index, size: n });
      const leafHash = hashLeaf(entryFor(index));
      expect(hex(rootFromInclusionProof({ leafHash, leafIndex: index, treeSize: n, proof })!)).toBe(
        hex(root),
      );
    }
    const old = await treeRoot({ store: memory.store, size: 77_777 });
    const cost = await count(() =>
      consistencyProof({ store: memory.store, oldSize: 77_777, newSize: n }),
    )();
    expect(cost.calls).toBe(1);
    expect(cost.nodes).toBeLessThanOrEqual(bound);
    const proof = await consistencyProof({ store: memory.store, oldSize: 77_777, newSize: n });
    expect(
      verifyConsistency({ oldSize: 77_777, newSize: n, oldRoot: old, newRoot: root, proof }),
    ).toBe(true);
    // The naive definition agrees on this size too.
    expect(hex(root)).toBe(hex(mth(batch)));
  });

  it("refuses to invent missing nodes", async () => {
    const { store } = await buildLog(5);
    await expect(treeRoot({ store, size: 6 })).rejects.toBeInstanceOf(MerkleStoreError);
    await expect(inclusionProof({ store, index: 5, size: 5 })).rejects.toBeInstanceOf(RangeError);
    await expect(consistencyProof({ store, oldSize: 6, newSize: 5 })).rejects.toBeInstanceOf(
      RangeError,
    );
    // Appending to a size the store does not hold (e.g. a stale head) must not guess the edge.
    await expect(appendLeaf({ store, size: 7, entry: entryFor(7) })).rejects.toBeInstanceOf(
      MerkleStoreError,
    );
  });
});
