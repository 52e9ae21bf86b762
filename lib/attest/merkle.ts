import { hash } from "node:crypto";

/*
 * RFC 9162 §2.1 Merkle tree hashing and proof verification (pure, no storage):
 *   leaf hash = SHA-256(0x00 ‖ entry), node hash = SHA-256(0x01 ‖ left ‖ right),
 *   MTH({}) = SHA-256(""), MTH(D[n]) = node(MTH(D[0:k]), MTH(D[k:n])) with k the largest power
 *   of two smaller than n. Sizes and indices are plain numbers (safe integers), so no 32-bit
 *   bit operators are used on them.
 */

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;
const HASH_LENGTH = 32;

export const EMPTY_TREE_HASH: Buffer = hash("sha256", new Uint8Array(0), "buffer");

export const hashLeaf = (entry: Uint8Array): Buffer => {
  const input = Buffer.allocUnsafe(entry.length + 1);
  input[0] = LEAF_PREFIX;
  input.set(entry, 1);
  return hash("sha256", input, "buffer");
};

// One scratch buffer for node hashing: hashing is synchronous, so it is never shared mid-use.
const nodeInput = Buffer.alloc(1 + 2 * HASH_LENGTH);
nodeInput[0] = NODE_PREFIX;

/** A 32-byte hash, or its `0x`-prefixed hex spelling (decoded straight into the hash input). */
export type THashValue = Uint8Array | string;

const HEX_DIGITS = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) HEX_DIGITS[48 + i] = i;
for (let i = 0; i < 6; i++) HEX_DIGITS[97 + i] = 10 + i;

// Decodes 64 lowercase hex digits starting at `from` into nodeInput; false if any is not one.
const decodeHex = (value: string, from: number, offset: number): boolean => {
  let bad = 0;
  for (let i = 0; i < HASH_LENGTH; i++) {
    const high = HEX_DIGITS[value.charCodeAt(from + 2 * i)] ?? -1;
    const low = HEX_DIGITS[value.charCodeAt(from + 2 * i + 1)] ?? -1;
    bad |= high | low;
    nodeInput[offset + i] = (high << 4) | low;
  }
  return bad >= 0;
};

const writeHash = (value: THashValue, offset: number) => {
  if (typeof value !== "string") {
    if (value.length !== HASH_LENGTH)
      throw new Error("Merkle node children must be 32-byte hashes");
    nodeInput.set(value, offset);
    return;
  }
  const ok =
    value.length === 2 + 2 * HASH_LENGTH && value.startsWith("0x") && decodeHex(value, 2, offset);
  if (!ok) throw new Error(`not a 0x-prefixed SHA-256 hex: ${value}`);
};

export const hashChildren = (left: THashValue, right: THashValue): Buffer => {
  writeHash(left, 1);
  writeHash(right, 1 + HASH_LENGTH);
  return hash("sha256", nodeInput, "buffer");
};

/*
 * The verification hot path keeps intermediate hashes as bare hex: on Node 20 a one-shot
 * digest returned as hex costs about a third of one returned as a Buffer.
 */
const hashWithSiblingToHex = ({
  current,
  sibling,
  siblingOnLeft,
}: {
  current: string;
  sibling: THashValue;
  siblingOnLeft: boolean;
}): string => {
  writeHash(sibling, siblingOnLeft ? 1 : 1 + HASH_LENGTH);
  // `current` is always our own digest, so it is well-formed.
  decodeHex(current, 0, siblingOnLeft ? 1 + HASH_LENGTH : 1);
  return hash("sha256", nodeInput, "hex");
};

/** The largest power of two strictly smaller than n (n ≥ 2): RFC 9162's split point k. */
export const splitPoint = (n: number): number => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};

const isOdd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);
const isPowerOfTwo = (n: number) => n > 0 && 2 ** Math.round(Math.log2(n)) === n;
const sameHash = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0;

const isValidSize = (n: number) => Number.isSafeInteger(n) && n >= 0;

const bareHex = (value: THashValue) => {
  if (typeof value === "string") {
    if (!/^0x[0-9a-f]{64}$/.test(value)) throw new Error(`not a 0x-prefixed SHA-256 hex: ${value}`);
    return value.slice(2);
  }
  if (value.length !== HASH_LENGTH) throw new Error("a leaf hash is 32 bytes");
  return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex");
};

/**
 * The root implied by an inclusion proof (RFC 9162 §2.1.3.2) as `0x`-prefixed hex, or null when
 * the proof cannot be a valid path for (leafIndex, treeSize): wrong length or index out of range.
 */
export const inclusionProofRootHex = ({
  leafHash,
  leafIndex,
  treeSize,
  proof,
}: {
  leafHash: THashValue;
  leafIndex: number;
  treeSize: number;
  proof: readonly THashValue[];
}): string | null => {
  if (!isValidSize(leafIndex) || !isValidSize(treeSize) || leafIndex >= treeSize) return null;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let root = bareHex(leafHash);
  for (const sibling of proof) {
    if (sn === 0) return null;
    if (isOdd(fn) || fn === sn) {
      root = hashWithSiblingToHex({ current: root, sibling, siblingOnLeft: true });
      while (!isOdd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      root = hashWithSiblingToHex({ current: root, sibling, siblingOnLeft: false });
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 ? `0x${root}` : null;
};

/** inclusionProofRootHex as raw bytes. */
export const rootFromInclusionProof = (input: {
  leafHash: THashValue;
  leafIndex: number;
  treeSize: number;
  proof: readonly THashValue[];
}): Buffer | null => {
  const root = inclusionProofRootHex(input);
  return root === null ? null : Buffer.from(root.slice(2), "hex");
};

export const verifyInclusion = (input: {
  leafHash: THashValue;
  leafIndex: number;
  treeSize: number;
  proof: readonly THashValue[];
  rootHash: Uint8Array;
}): boolean => {
  const root = rootFromInclusionProof(input);
  return root !== null && sameHash(root, input.rootHash);
};

/** RFC 9162 §2.1.4.2: is the tree of newSize an append-only extension of the one of oldSize? */
export const verifyConsistency = ({
  oldSize,
  newSize,
  oldRoot,
  newRoot,
  proof,
}: {
  oldSize: number;
  newSize: number;
  oldRoot: Uint8Array;
  newRoot: Uint8Array;
  proof: readonly Uint8Array[];
}): boolean => {
  if (!isValidSize(oldSize) || !isValidSize(newSize) || oldSize > newSize) return false;
  if (oldSize === newSize) return proof.length === 0 && sameHash(oldRoot, newRoot);
  // The empty tree is a prefix of every tree; there is nothing to prove.
  if (oldSize === 0) return proof.length === 0;
  if (proof.length === 0) return false;

  const path = isPowerOfTwo(oldSize) ? [oldRoot, ...proof] : proof;
  let fn = oldSize - 1;
  let sn = newSize - 1;
  while (isOdd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let oldComputed: Buffer = Buffer.from(path[0]!);
  let newComputed = oldComputed;
  for (let i = 1; i < path.length; i++) {
    const c = path[i]!;
    if (sn === 0) return false;
    if (isOdd(fn) || fn === sn) {
      oldComputed = hashChildren(c, oldComputed);
      newComputed = hashChildren(c, newComputed);
      while (!isOdd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      newComputed = hashChildren(newComputed, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && sameHash(oldComputed, oldRoot) && sameHash(newComputed, newRoot);
};
