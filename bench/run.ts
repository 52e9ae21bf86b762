/*
 * Every benchmark, one table: `npm run bench -- [--quick] [figure prefixes…]`.
 *   npm run bench                      every figure but scale.*
 *   npm run bench -- --quick           the same, shorter (checks the harness, noisier figures)
 *   npm run bench -- api attest.verify only figures whose name starts with a prefix given
 *   npm run bench -- scale             cost as data grows (bench/scale.ts; seeds bench_scale)
 *   npm run bench -- --profile settle  also CPU profiles of the service's processes, top functions
 * Needs the production build (`npm run build`), PostgreSQL on 127.0.0.1:5432 (or DATABASE_URL)
 * and Redis (REDIS_URL, default 127.0.0.1:6379). Ends with one table of every figure as a ratio
 * to its floor of the same run, and writes `.data/bench/summary.json`.
 */
import { existsSync } from "node:fs";
import { setConfigVariables } from "@/config";
import { testSecretsKey } from "@/tests/support/secrets-key";
import { benchApiReads } from "./api";
import { benchRateLimitCost } from "./api-ratelimit";
import { benchAttestApi } from "./attest-api";
import { benchAttestInProcess } from "./attest-inprocess";
import type { TFigure } from "./lib/figure";
import { benchSettings, type TSettings } from "./lib/settings";
import { printSummary, writeSummary } from "./lib/summary";
import { benchScale } from "./scale";
import { benchSettleSustained } from "./settle";
import { benchWebhooksSustained } from "./webhooks";
import { benchX402Settle } from "./x402";

type TBenchmark = { name: string; run: (settings: TSettings) => Promise<TFigure[]> };

const benchmarks: TBenchmark[] = [
  // api.pipeline and api.list, measured in the same rounds.
  { name: "api.pipeline", run: benchApiReads },
  { name: "api.ratelimit_cost", run: benchRateLimitCost },
  { name: "attest.verify_inprocess", run: benchAttestInProcess },
  { name: "attest.verify_api", run: benchAttestApi },
  { name: "settle.sustained", run: benchSettleSustained },
  { name: "webhooks.sustained", run: benchWebhooksSustained },
  { name: "x402.settle", run: benchX402Settle },
  { name: "scale", run: benchScale },
];

async function main() {
  const args = process.argv.slice(2);
  const quick = args.includes("--quick");
  const prefixes = args.filter((arg) => !arg.startsWith("--"));
  if (args.includes("--scale")) prefixes.push("scale");
  const chosen = benchmarks.filter((benchmark) =>
    prefixes.length
      ? prefixes.some((prefix) => benchmark.name.startsWith(prefix))
      : benchmark.name !== "scale",
  );
  if (!chosen.length) throw new Error(`no benchmark matches ${prefixes.join(", ")}`);
  if (!existsSync(".next/BUILD_ID")) throw new Error("No production build: run `npm run build`.");
  // The servers a benchmark starts seal and open stored secrets with the tests' key; its own
  // calls (organizations, keys, receipts) write into their database, so they seal with it too.
  setConfigVariables({ SECRETS_ENCRYPTION_KEY: testSecretsKey });
  const settings = benchSettings(quick, args.includes("--profile"));
  const started = Date.now();
  const figures: TFigure[] = [];
  for (const benchmark of chosen) {
    console.log(`${benchmark.name}…`);
    const before = Date.now();
    figures.push(...(await benchmark.run(settings)));
    console.log(`  ${((Date.now() - before) / 1000).toFixed(0)} s`);
  }
  printSummary(
    figures,
    `${quick ? "quick run" : "run"} of ${((Date.now() - started) / 1000).toFixed(0)} s; ratios are to the floor measured in the same run`,
  );
  console.log(`\nwrote ${writeSummary(figures)}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
