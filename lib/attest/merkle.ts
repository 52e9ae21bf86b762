import { equalBytes } from "./bytes";
import { fromHashHex, isHashHex, sha256, sha256Hex, toHashHex } from "./hash";

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

export const EMPTY_TREE_HASH: Uint8Array = sha256(new Uint8Array(0));

export const hashLeaf = (entry: Uint8Array): Uint8Array => {
  const input = new Uint8Array(entry.length + 1);
  input[0] = LEAF_PREFIX;
  input.set(entry, 1);
  return sha256(input);
};

// One scratch array for node hashing: hashing is synchronous, so it is never shared mid-use.
const nodeInput = new Uint8Array(1 + 2 * HASH_LENGTH);
nodeInput[0] = NODE_PREFIX;

/** A 32-byte hash, or its `0x`-prefixed hex spelling. */
export type THashValue = Uint8Array | string;

const HEX_DIGITS = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) HEX_DIGITS[48 + i] = i;
for (let i = 0; i < 6; i++) HEX_DIGITS[97 + i] = 10 + i;

// Proof hashes arrive as hex: decoding them straight into the hash input allocates nothing.
const writeHex = (value: string, offset: number) => {
  let bad = value.length !== 2 + 2 * HASH_LENGTH || !value.startsWith("0x") ? -1 : 0;
  for (let i = 0; i < HASH_LENGTH && bad >= 0; i++) {
    const high = HEX_DIGITS[value.charCodeAt(2 + 2 * i)] ?? -1;
    const low = HEX_DIGITS[value.charCodeAt(3 + 2 * i)] ?? -1;
    bad |= high | low;
    nodeInput[offset + i] = (high << 4) | low;
  }
  if (bad < 0) throw new Error(`not a 0x-prefixed SHA-256 hex: ${value}`);
};

const writeHash = (value: THashValue, offset: number) => {
  if (typeof value === "string") return writeHex(value, offset);
  if (value.length !== HASH_LENGTH) throw new Error("Merkle node children must be 32-byte hashes");
  nodeInput.set(value, offset);
};

export const hashChildren = (left: THashValue, right: THashValue): Uint8Array => {
  writeHash(left, 1);
  writeHash(right, 1 + HASH_LENGTH);
  return sha256(nodeInput);
};

/** hashChildren as `0x`-prefixed hex, the spelling proofs and roots travel in. */
const hashChildrenHex = (left: THashValue, right: THashValue): string => {
  writeHash(left, 1);
  writeHash(right, 1 + HASH_LENGTH);
  return sha256Hex(nodeInput);
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

const isValidSize = (n: number) => Number.isSafeInteger(n) && n >= 0;

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
  if (typeof leafHash === "string" ? !isHashHex(leafHash) : leafHash.length !== HASH_LENGTH) {
    throw new Error("a leaf hash is 32 bytes, or 0x and 64 lowercase hex digits");
  }
  let fn = leafIndex;
  let sn = treeSize - 1;
  let root = typeof leafHash === "string" ? leafHash : toHashHex(leafHash);
  for (const sibling of proof) {
    if (sn === 0) return null;
    if (isOdd(fn) || fn === sn) {
      root = hashChildrenHex(sibling, root);
      while (!isOdd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      root = hashChildrenHex(root, sibling);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 ? root : null;
};

/** inclusionProofRootHex as raw bytes. */
export const rootFromInclusionProof = (
  input: Parameters<typeof inclusionProofRootHex>[0],
): Uint8Array | null => {
  const root = inclusionProofRootHex(input);
  return root === null ? null : fromHashHex(root);
};

export const verifyInclusion = (input: {
  leafHash: THashValue;
  leafIndex: number;
  treeSize: number;
  proof: readonly THashValue[];
  rootHash: Uint8Array;
}): boolean => {
  const root = rootFromInclusionProof(input);
  return root !== null && equalBytes(root, input.rootHash);
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
  if (oldSize === newSize) return proof.length === 0 && equalBytes(oldRoot, newRoot);
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
  let oldComputed: Uint8Array = path[0]!;
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
  return sn === 0 && equalBytes(oldComputed, oldRoot) && equalBytes(newComputed, newRoot);
};
