import { createPublicKey, hash, type KeyObject, verify } from "node:crypto";
import { agentHashOf, textLogEntry } from "@/lib/attest/agent-key-entry";
import { readCompactJws } from "@/lib/attest/agreement-jws";
import { concatBytes, fromBase64, utf8ToBytes } from "@/lib/attest/bytes";
import { formatCheckpoint } from "@/lib/attest/checkpoint";
import { evidenceCanonical } from "@/lib/attest/evidence-chain";
import { fromHashHex, toHashHex } from "@/lib/attest/hash";
import { readTranscript } from "@/lib/attest/negotiation-transcript";
import { hashReceipt, receiptLogEntry } from "@/lib/attest/receipt-hash";
import type { TReceiptBundle, TTreeHead } from "@/lib/attest/schemas";

type TSignatureCheck = { key: KeyObject; signature: Uint8Array; data: Uint8Array };

/**
 * The cryptography a check of one bundle must do, and nothing else: the exact inputs of every
 * SHA-256 it computes and every Ed25519 signature it verifies (keys read beforehand).
 */
export type TBundleCrypto = { hashInputs: (string | Uint8Array)[]; signatures: TSignatureCheck[] };

/**
 * The inputs of the hashes an inclusion proof's check computes (RFC 9162 §2.1.3.2): the leaf
 * (0x00 ‖ entry), then a node (0x01 ‖ left ‖ right) per proof hash. Throws unless they lead to
 * `rootHash`, so that the inputs are exactly the ones the verifier hashes.
 */
export function inclusionHashInputs({
  entry,
  leafIndex,
  treeSize,
  proof,
  rootHash,
}: {
  entry: Uint8Array;
  leafIndex: number;
  treeSize: number;
  proof: readonly string[];
  rootHash: string;
}): Uint8Array[] {
  const leaf = concatBytes(Uint8Array.of(0), entry);
  const inputs = [leaf];
  let node: Uint8Array = hash("sha256", leaf, "buffer");
  let fn = leafIndex;
  let sn = treeSize - 1;
  for (const hex of proof) {
    const sibling = fromHashHex(hex);
    const onTheRight = fn % 2 === 1 || fn === sn;
    const input = concatBytes(
      Uint8Array.of(1),
      onTheRight ? sibling : node,
      onTheRight ? node : sibling,
    );
    if (onTheRight)
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    inputs.push(input);
    node = hash("sha256", input, "buffer");
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  if (toHashHex(node) !== rootHash) throw new Error(`proof of leaf ${leafIndex} misses the root`);
  return inputs;
}

/** The attest hash of a parsed bundle, recomputed as the verifier does (and its canonical text). */
export const bundleReceiptHash = (bundle: TReceiptBundle) =>
  hashReceipt({
    ...bundle,
    formatVersion: bundle.attest.formatVersion ?? 1,
    policySnapshot: bundle.attest.proof.policySnapshot,
    evidenceChainHead: bundle.attest.evidence.at(-1)!.hash,
    evidenceChain: bundle.attest.proof.evidenceChain,
  });

/** What verifyReceiptBundle hashes and verifies for `bundle` (format 1 to 3), tree head aside. */
export function bundleCrypto(bundle: TReceiptBundle): TBundleCrypto {
  const { attest } = bundle;
  const { rootHash, treeSize } = attest.treeHead;
  const hashInputs: (string | Uint8Array)[] = [
    ...attest.evidence.map(evidenceCanonical),
    bundleReceiptHash(bundle).canonical,
    ...inclusionHashInputs({
      entry: receiptLogEntry(attest.hash),
      leafIndex: attest.inclusionProof.leafIndex,
      treeSize,
      proof: attest.inclusionProof.hashes,
      rootHash,
    }),
  ];
  for (const proof of attest.keyProofs ?? [])
    hashInputs.push(
      ...inclusionHashInputs({
        entry: textLogEntry(proof.entry),
        leafIndex: proof.leafIndex,
        treeSize,
        proof: proof.hashes,
        rootHash,
      }),
    );
  const format = attest.formatVersion ?? 1;
  const steps = format >= 2 ? readTranscript(attest.evidence) : [];
  if (typeof steps === "string") throw new Error(steps);
  const signatures: TSignatureCheck[] = [];
  for (const { payload } of steps) {
    if (!payload.signature) continue;
    // The signing keys check names the signer by the hash of its id.
    if (format >= 3) hashInputs.push(agentHashOf(payload.agentId));
    const jws = readCompactJws(payload.signature.jws)!;
    signatures.push({
      key: createPublicKey({ key: payload.signature.publicJwk, format: "jwk" }),
      signature: jws.signature,
      data: jws.signingInput,
    });
  }
  return { hashInputs, signatures };
}

/** The tree head's signature check, once per verification pass (its verdict is cached). */
export function treeHeadCrypto(treeHead: TTreeHead, x: string): TSignatureCheck {
  return {
    key: createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x }, format: "jwk" }),
    signature: fromBase64(treeHead.signature),
    data: utf8ToBytes(formatCheckpoint(treeHead)),
  };
}

/**
 * Does the cryptography of `checks` once, as fast as this process can: every hash and every
 * signature natively and synchronously (the verifier, portable, awaits each signature).
 */
export function runCrypto(checks: TBundleCrypto[], treeHead: TSignatureCheck) {
  let valid = verifySignature(treeHead);
  for (const { hashInputs, signatures } of checks) {
    for (const input of hashInputs) valid &&= hash("sha256", input, "buffer").length === 32;
    for (const signature of signatures) valid &&= verifySignature(signature);
  }
  if (!valid) throw new Error("the floor's cryptography failed a check the verifier passes");
}

const verifySignature = ({ key, signature, data }: TSignatureCheck) =>
  verify(null, data, key, signature);
