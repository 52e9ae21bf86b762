/*
 * attest.verify_inprocess: the offline receipt verifier on one core, against the floor of the
 * cryptography the same check must do on the same bundles (bench/lib/verify-crypto.ts): every
 * SHA-256 it computes, over the same bytes (evidence records, receipt body, log leaves and proof
 * nodes, signers' names) and every Ed25519 signature it verifies (the agents' and, once per
 * pass, the tree head's), natively and synchronously, on keys read beforehand. Builds a log
 * holding receipts of the current format (3: the negotiation transcript in the evidence, 1-3
 * responders), every other one signed by all its parties with their keys logged before it,
 * then verifies every bundle (parsed from JSON, as received) per round, with a fresh tree-head
 * cache each round. Verifier and floor alternate by round (medians); the phases alone go into
 * the figure's details.
 */
import { verifyEvidenceChain } from "@/lib/attest/evidence-chain";
import { buildAttestedLog } from "@/lib/attest/fixtures";
import { hashLeaf, inclusionProofRootHex } from "@/lib/attest/merkle";
import { receiptLogEntry } from "@/lib/attest/receipt-hash";
import { type TReceiptBundle, ZReceiptBundle } from "@/lib/attest/schemas";
import { createTreeHeadVerifier } from "@/lib/attest/tree-head-cache";
import { verifyReceiptBundle } from "@/lib/attest/verify-receipt";
import { alternate } from "./lib/alternate";
import { figure, type TFigure } from "./lib/figure";
import type { TSettings } from "./lib/settings";
import { bundleCrypto, bundleReceiptHash, runCrypto, treeHeadCrypto } from "./lib/verify-crypto";

export async function benchAttestInProcess(settings: TSettings): Promise<TFigure[]> {
  const receiptCount = settings.quick ? 500 : 2_000;
  const log = await buildAttestedLog({
    receiptCount,
    totalLeaves: settings.quick ? 20_000 : 100_000,
    formatVersion: 3,
    signEvery: 2,
  });
  // As a verifier receives them: JSON documents, parsed into plain objects.
  const bundles: unknown[] = log.bundles.map((bundle) => JSON.parse(JSON.stringify(bundle)));
  const jwks = JSON.parse(JSON.stringify(log.jwks)) as unknown;
  const parsed = bundles.map((bundle) => ZReceiptBundle.parse(bundle)) as TReceiptBundle[];
  const cryptography = parsed.map(bundleCrypto);
  const treeHead = treeHeadCrypto(log.treeHead, log.keys.publicJwk.x);

  for (const bundle of bundles) {
    const result = await verifyReceiptBundle({ bundle, jwks, treeHeads: createTreeHeadVerifier() });
    if (result.status !== "valid")
      throw new Error(`bench bundle invalid: ${JSON.stringify(result.checks)}`);
  }

  let sink = 0;
  /**
   * Receipts per second of `work`, a pass over every receipt, repeated for at least 250 ms: a
   * pass of the floor's cryptography takes milliseconds, which one scheduler pause would dominate.
   */
  const perSecond = (work: () => unknown) => async () => {
    const start = performance.now();
    let passes = 0;
    do {
      await work();
      passes++;
    } while (performance.now() - start < 250);
    return ((passes * receiptCount) / (performance.now() - start)) * 1000;
  };
  const rates = await alternate(settings.rounds * 2, {
    verify: perSecond(async () => {
      const treeHeads = createTreeHeadVerifier();
      for (const bundle of bundles) {
        if ((await verifyReceiptBundle({ bundle, jwks, treeHeads })).status === "valid") sink++;
      }
    }),
    cryptography: perSecond(() => runCrypto(cryptography, treeHead)),
  });
  // Where the time goes: each phase alone over every receipt.
  const phases = await alternate(settings.rounds, {
    schema: perSecond(() => {
      for (const bundle of bundles) sink += ZReceiptBundle.safeParse(bundle).success ? 1 : 0;
    }),
    evidenceChain: perSecond(() => {
      for (const b of parsed) {
        const records = b.attest.evidence;
        sink += verifyEvidenceChain({ records, expectedIds: b.attest.proof.evidenceChain }).ok
          ? 1
          : 0;
      }
    }),
    attestHash: perSecond(() => {
      for (const b of parsed) sink += bundleReceiptHash(b).attestHash.length;
    }),
    inclusion: perSecond(() => {
      for (const b of parsed) {
        const root = inclusionProofRootHex({
          leafHash: hashLeaf(receiptLogEntry(b.attest.hash)),
          leafIndex: b.attest.inclusionProof.leafIndex,
          treeSize: b.attest.inclusionProof.treeSize,
          proof: b.attest.inclusionProof.hashes,
        });
        sink += root ? root.length : 0;
      }
    }),
  });
  if (sink < 0) console.log(sink);
  const count = (of: (c: (typeof cryptography)[number]) => number) =>
    cryptography.reduce((sum, c) => sum + of(c), 0) / receiptCount;
  return [
    figure({
      name: "attest.verify_inprocess",
      value: rates.verify,
      unit: "receipts/s",
      floor: rates.cryptography,
      goal: { min: 0.5 },
      details: {
        logLeaves: log.size,
        hashesPerReceipt: count((c) => c.hashInputs.length),
        signaturesPerReceipt: count((c) => c.signatures.length),
        schemaPerSecond: phases.schema,
        evidenceChainPerSecond: phases.evidenceChain,
        attestHashPerSecond: phases.attestHash,
        inclusionPerSecond: phases.inclusion,
      },
    }),
  ];
}
