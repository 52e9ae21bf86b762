import { createHash } from "node:crypto";

/*
 * RFC 9162 §2.1 written from the RFC for the tests, independent of lib/attest: hashing, the
 * Merkle tree hash, and the verification of inclusion and consistency proofs.
 */

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest();
};

export const leafHashOf = (entry: Uint8Array) => sha256(Buffer.from([0x00]), entry);
export const nodeHashOf = (left: Uint8Array, right: Uint8Array) =>
  sha256(Buffer.from([0x01]), left, right);

/** MTH(D[n]) over leaf hashes. */
export function merkleTreeHash(leafHashes: readonly Buffer[]): Buffer {
  if (leafHashes.length === 0) return sha256();
  if (leafHashes.length === 1) return leafHashes[0]!;
  let k = 1;
  while (k * 2 < leafHashes.length) k *= 2;
  return nodeHashOf(merkleTreeHash(leafHashes.slice(0, k)), merkleTreeHash(leafHashes.slice(k)));
}

const odd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);

/** §2.1.3.2 */
export function verifyInclusionProof(input: {
  leafIndex: number;
  treeSize: number;
  leafHash: Buffer;
  proof: readonly Buffer[];
  root: Buffer;
}): boolean {
  if (input.leafIndex >= input.treeSize) return false;
  let fn = input.leafIndex;
  let sn = input.treeSize - 1;
  let r = input.leafHash;
  for (const p of input.proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = nodeHashOf(p, r);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = nodeHashOf(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && r.equals(input.root);
}

/** §2.1.4.2 (with the empty proof between equal sizes). */
export function verifyConsistencyProof(input: {
  first: number;
  second: number;
  firstHash: Buffer;
  secondHash: Buffer;
  proof: readonly Buffer[];
}): boolean {
  const { first, second } = input;
  if (first === second) return input.proof.length === 0 && input.firstHash.equals(input.secondHash);
  if (first === 0 || first > second || input.proof.length === 0) return false;
  const path = (first & (first - 1)) === 0 ? [input.firstHash, ...input.proof] : [...input.proof];
  let fn = first - 1;
  let sn = second - 1;
  while (odd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = nodeHashOf(c, fr);
      sr = nodeHashOf(c, sr);
      if (!odd(fn)) {
        while (!odd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = nodeHashOf(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return fr.equals(input.firstHash) && sr.equals(input.secondHash) && sn === 0;
}
