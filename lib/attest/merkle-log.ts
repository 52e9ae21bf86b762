import { EMPTY_TREE_HASH, hashChildren, hashLeaf, splitPoint } from "./merkle";

/*
 * A store-backed, append-only RFC 9162 log. The store keeps the hash of every complete subtree:
 * node (level, index) covers leaves [index·2^level, (index+1)·2^level), level 0 being the leaf
 * hashes. Once written a node never changes, so rows can be inserted and never updated.
 *
 * Every Merkle tree hash the RFC needs (root, proof elements) is MTH of a range [start, end)
 * whose start is aligned to the largest power of two not above its width, so it is the fold of
 * at most log2(n) stored nodes. Root and proofs therefore cost one batched read of O(log n)
 * nodes, and an append writes 1 + (trailing one bits of the old size) nodes.
 *
 * Appending is not safe to run concurrently for one log: callers serialize appends under one
 * lock on the log head (e.g. pg_advisory_xact_lock) and write the returned nodes in the same
 * transaction that records the new size.
 */

export type TNodeKey = { level: number; index: number };
export type TStoredNode = TNodeKey & { hash: Uint8Array };

export type TNodeStore = {
  /** Hashes of the requested nodes, in request order (undefined when absent). */
  get: (keys: readonly TNodeKey[]) => Promise<readonly (Uint8Array | undefined)[]>;
  put: (nodes: readonly TStoredNode[]) => Promise<void>;
};

type TRange = { start: number; end: number };

export class MerkleStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MerkleStoreError";
  }
}

const assertSize = (name: string, value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative safe integer, got ${value}`);
  }
};

/** The stored nodes whose fold is MTH(D[start:end]), largest first. */
export const rangeNodeKeys = ({ start, end }: TRange): TNodeKey[] => {
  const keys: TNodeKey[] = [];
  let position = start;
  let width = end - start > 0 ? 2 ** Math.floor(Math.log2(end - start)) : 0;
  while (position < end) {
    if (end - position >= width) {
      keys.push({ level: Math.log2(width), index: position / width });
      position += width;
    }
    width /= 2;
  }
  return keys;
};

/** Ranges whose MTH make up PATH(index, D[size]) (RFC 9162 §2.1.3.1), leaf side first. */
export const inclusionProofRanges = ({ index, size }: { index: number; size: number }) => {
  const ranges: TRange[] = [];
  let start = 0;
  let end = size;
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (index < start + k) {
      ranges.push({ start: start + k, end });
      end = start + k;
    } else {
      ranges.push({ start, end: start + k });
      start += k;
    }
  }
  return ranges.reverse();
};

/** Ranges whose MTH make up PROOF(oldSize, D[newSize]) (RFC 9162 §2.1.4.1), in proof order. */
export const consistencyProofRanges = ({
  oldSize,
  newSize,
}: {
  oldSize: number;
  newSize: number;
}) => {
  const ranges: TRange[] = [];
  if (oldSize === 0 || oldSize === newSize) return ranges;
  let m = oldSize;
  let start = 0;
  let end = newSize;
  let isOriginalTree = true;
  while (m !== end - start) {
    const k = splitPoint(end - start);
    if (m <= k) {
      ranges.push({ start: start + k, end });
      end = start + k;
    } else {
      ranges.push({ start, end: start + k });
      m -= k;
      start += k;
      isOriginalTree = false;
    }
  }
  if (!isOriginalTree) ranges.push({ start, end });
  return ranges.reverse();
};

const half = (n: number) => Math.floor(n / 2);

const nodeId = ({ level, index }: TNodeKey) => `${level}:${index}`;

const foldRange = (hashes: readonly Uint8Array[]): Uint8Array => {
  let accumulator = hashes[hashes.length - 1]!;
  for (let i = hashes.length - 2; i >= 0; i--) accumulator = hashChildren(hashes[i]!, accumulator);
  return accumulator;
};

/** MTH of each range, from one batched read of the nodes they need. */
const rangeHashes = async ({ store, ranges }: { store: TNodeStore; ranges: readonly TRange[] }) => {
  const keysPerRange = ranges.map(rangeNodeKeys);
  const unique = new Map<string, TNodeKey>();
  for (const keys of keysPerRange) for (const key of keys) unique.set(nodeId(key), key);
  const wanted = [...unique.values()];
  const found = wanted.length > 0 ? await store.get(wanted) : [];
  const byId = new Map<string, Uint8Array>();
  wanted.forEach((key, i) => {
    const value = found[i];
    if (!value) throw new MerkleStoreError(`missing Merkle node ${nodeId(key)}`);
    byId.set(nodeId(key), value);
  });
  return keysPerRange.map((keys) => foldRange(keys.map((key) => byId.get(nodeId(key))!)));
};

export const treeRoot = async ({ store, size }: { store: TNodeStore; size: number }) => {
  assertSize("size", size);
  if (size === 0) return EMPTY_TREE_HASH;
  const [root] = await rangeHashes({ store, ranges: [{ start: 0, end: size }] });
  return root!;
};

export const inclusionProof = async ({
  store,
  index,
  size,
}: {
  store: TNodeStore;
  index: number;
  size: number;
}): Promise<Uint8Array[]> => {
  assertSize("index", index);
  assertSize("size", size);
  if (index >= size) throw new RangeError(`leaf ${index} is not in a tree of size ${size}`);
  return rangeHashes({ store, ranges: inclusionProofRanges({ index, size }) });
};

export const consistencyProof = async ({
  store,
  oldSize,
  newSize,
}: {
  store: TNodeStore;
  oldSize: number;
  newSize: number;
}): Promise<Uint8Array[]> => {
  assertSize("oldSize", oldSize);
  assertSize("newSize", newSize);
  if (oldSize > newSize) throw new RangeError(`oldSize ${oldSize} exceeds newSize ${newSize}`);
  return rangeHashes({ store, ranges: consistencyProofRanges({ oldSize, newSize }) });
};

/**
 * Appends leaves to a log of `size` leaves. Reads the current right edge (the complete subtrees
 * that make up D[0:size], at most log2(size) nodes) and returns every newly complete node,
 * leaves included, for the caller to store. Does not write.
 */
export const appendLeaves = async ({
  store,
  size,
  entries,
}: {
  store: TNodeStore;
  size: number;
  entries: readonly Uint8Array[];
}) => {
  assertSize("size", size);
  const edgeKeys = rangeNodeKeys({ start: 0, end: size });
  const edgeHashes = edgeKeys.length > 0 ? await store.get(edgeKeys) : [];
  const stack: TStoredNode[] = edgeKeys.map((key, i) => {
    const value = edgeHashes[i];
    if (!value) throw new MerkleStoreError(`missing Merkle node ${nodeId(key)}`);
    return { ...key, hash: value };
  });

  const nodes: TStoredNode[] = [];
  const leafHashes: Uint8Array[] = [];
  entries.forEach((entry, offset) => {
    const leaf = { level: 0, index: size + offset, hash: hashLeaf(entry) };
    leafHashes.push(leaf.hash);
    nodes.push(leaf);
    stack.push(leaf);
    // Two complete subtrees of one level on top of the stack are siblings: merge them.
    while (stack.length >= 2 && stack.at(-1)!.level === stack.at(-2)!.level) {
      const right = stack.pop()!;
      const left = stack.pop()!;
      const parent = {
        level: right.level + 1,
        index: half(right.index),
        hash: hashChildren(left.hash, right.hash),
      };
      nodes.push(parent);
      stack.push(parent);
    }
  });
  return { firstLeafIndex: size, leafHashes, size: size + entries.length, nodes };
};

/** Appends one leaf; see appendLeaves. */
export const appendLeaf = async ({
  store,
  size,
  entry,
}: {
  store: TNodeStore;
  size: number;
  entry: Uint8Array;
}) => {
  const { leafHashes, nodes } = await appendLeaves({ store, size, entries: [entry] });
  return { leafIndex: size, leafHash: leafHashes[0]!, size: size + 1, nodes };
};
