/*
 * In-process throughput of the offline receipt verifier on one core.
 *   npx tsx bench/attest-inprocess.ts [receipts=2000] [logLeaves=100000] [rounds=7]
 * Builds a log of `logLeaves` leaves holding `receipts` realistic receipts (1-3 parties, three
 * evidence records), then verifies every bundle (parsed from JSON, as received) per round. Each
 * round uses a fresh tree-head cache, so it pays for exactly one Ed25519 verification.
 * The baseline is raw SHA-256 over the same canonical bytes the verifier hashes per receipt
 * (receipt body + three evidence records), without any parsing or proof work.
 */
import { hash } from "node:crypto";
import { evidenceCanonical, verifyEvidenceChain } from "@/lib/attest/evidence-chain";
import { buildAttestedLog } from "@/lib/attest/fixtures";
import { hashLeaf, inclusionProofRootHex } from "@/lib/attest/merkle";
import { hashReceipt, receiptLogEntry } from "@/lib/attest/receipt-hash";
import { type TReceiptBundle, ZReceiptBundle } from "@/lib/attest/schemas";
import { createTreeHeadVerifier } from "@/lib/attest/tree-head-cache";
import { verifyReceiptBundle } from "@/lib/attest/verify-receipt";
import { median } from "./lib/measure";

const [receiptCount = 2_000, logLeaves = 100_000, rounds = 7] = process.argv
  .slice(2)
  .map((arg) => Number(arg));

const now = () => performance.now();
const rate = (count: number, ms: number) => Math.round((count / ms) * 1000);
const fmt = (n: number) => n.toLocaleString("en-US");

const timeRounds = async (run: () => unknown) => {
  const rates: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = now();
    await run();
    rates.push(rate(receiptCount, now() - start));
  }
  return { median: median(rates), best: Math.max(...rates) };
};

const main = async () => {
  const buildStart = now();
  const log = await buildAttestedLog({ receiptCount, totalLeaves: logLeaves });
  const buildMs = now() - buildStart;
  // As a verifier receives them: JSON documents, parsed into plain objects.
  const documents = log.bundles.map((bundle) => JSON.stringify(bundle));
  const bundles: unknown[] = documents.map((text) => JSON.parse(text));
  const jwks = JSON.parse(JSON.stringify(log.jwks)) as unknown;

  // The exact canonical bytes a verification hashes, for the raw SHA-256 baseline.
  const canonicalTexts = log.bundles.map((bundle) => {
    const { attest } = bundle;
    const receipt = hashReceipt({
      ...bundle,
      formatVersion: attest.formatVersion ?? 1,
      policySnapshot: attest.proof.policySnapshot,
      evidenceChainHead: attest.evidence.at(-1)!.hash,
      evidenceChain: attest.proof.evidenceChain,
    }).canonical;
    return [receipt, ...attest.evidence.map(evidenceCanonical)];
  });
  const bytesPerReceipt =
    canonicalTexts.reduce(
      (sum, texts) => sum + texts.reduce((s, t) => s + Buffer.byteLength(t), 0),
      0,
    ) / receiptCount;
  const avgProof =
    log.bundles.reduce((sum, b) => sum + b.attest.inclusionProof.hashes.length, 0) / receiptCount;

  // Warm up, and make sure we measure the success path.
  for (const bundle of bundles) {
    const result = await verifyReceiptBundle({ bundle, jwks, treeHeads: createTreeHeadVerifier() });
    if (result.status !== "valid")
      throw new Error(`bench bundle invalid: ${JSON.stringify(result.checks)}`);
  }

  let sink = 0;
  const verify = await timeRounds(async () => {
    const treeHeads = createTreeHeadVerifier();
    for (const bundle of bundles) {
      if ((await verifyReceiptBundle({ bundle, jwks, treeHeads })).status === "valid") sink++;
    }
  });
  const raw = await timeRounds(() => {
    for (const texts of canonicalTexts)
      for (const text of texts) sink += hash("sha256", text, "hex").length;
  });

  // Where the time goes (each phase alone over all receipts).
  const parsed = bundles.map((bundle) => ZReceiptBundle.parse(bundle)) as TReceiptBundle[];
  const phases = {
    "schema (zod)": await timeRounds(() => {
      for (const bundle of bundles) sink += ZReceiptBundle.safeParse(bundle).success ? 1 : 0;
    }),
    evidence_chain: await timeRounds(() => {
      for (const b of parsed) {
        sink += verifyEvidenceChain({
          records: b.attest.evidence,
          expectedIds: b.attest.proof.evidenceChain,
        }).ok
          ? 1
          : 0;
      }
    }),
    attest_hash: await timeRounds(() => {
      for (const b of parsed) {
        sink += hashReceipt({
          ...b,
          formatVersion: b.attest.formatVersion ?? 1,
          policySnapshot: b.attest.proof.policySnapshot,
          evidenceChainHead: b.attest.evidence.at(-1)!.hash,
          evidenceChain: b.attest.proof.evidenceChain,
        }).attestHash.length;
      }
    }),
    inclusion: await timeRounds(() => {
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
  };

  console.log(`attest in-process benchmark (Node ${process.version}, one thread)`);
  console.log(
    `  ${fmt(receiptCount)} receipts in a log of ${fmt(log.size)} leaves; built in ${Math.round(buildMs)} ms`,
  );
  console.log(
    `  per receipt: ${Math.round(bytesPerReceipt)} canonical bytes hashed, ${avgProof.toFixed(1)} proof hashes, ` +
      `${Math.round(documents.reduce((s, d) => s + d.length, 0) / receiptCount)} bytes of bundle JSON`,
  );
  console.log(`  rounds: ${rounds} (median / best)`);
  console.log(`  verifyReceiptBundle      ${fmt(verify.median)} / ${fmt(verify.best)} receipts/s`);
  console.log(`  raw SHA-256 of same bytes ${fmt(raw.median)} / ${fmt(raw.best)} receipts/s`);
  console.log(`  ratio verify / raw SHA-256: ${(verify.median / raw.median).toFixed(3)}`);
  console.log("  phases alone (median receipts/s):");
  for (const [name, result] of Object.entries(phases))
    console.log(`    ${name.padEnd(16)} ${fmt(result.median)}`);
  console.log(`  goal 10,000 receipts/s: ${verify.median >= 10_000 ? "met" : "NOT met"}`);
  if (sink < 0) console.log(sink);
};

await main();
