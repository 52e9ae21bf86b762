// The suite's summary, from the JSON reports of every vitest and Playwright run of scripts/test.sh
// and its stage times (stages.tsv): each stage's time, skipped tests by reason (the tags of
// tests/support/skip-tags.ts), the slowest files, and last the one closing line
// "Tests: N passed, N failed, N skipped". It fails on a skip without a reason, and in CI
// (CI=true) on a suite over 45 minutes, naming the slowest files.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { skipTags } from "../tests/support/skip-tags.ts";

const budgetSeconds = 45 * 60;
const reports = process.argv[2];
const totals = { passed: 0, failed: 0, skipped: 0 };
const skippedByTag = new Map();
const fileSeconds = new Map();
const addFile = (file, seconds) => fileSeconds.set(file, (fileSeconds.get(file) ?? 0) + seconds);

function playwrightSpecs(suite, visit) {
  for (const spec of suite.specs ?? []) visit(suite.file ?? spec.file, spec);
  for (const child of suite.suites ?? []) playwrightSpecs({ file: suite.file, ...child }, visit);
}

for (const name of readdirSync(reports).filter((file) => file.endsWith(".json"))) {
  const report = JSON.parse(readFileSync(path.join(reports, name), "utf8"));
  const run = name.replace(/\.json$/, "");
  if (report.stats) {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
    for (const suite of report.suites ?? [])
      playwrightSpecs(suite, (file, spec) => {
        for (const test of spec.tests)
          for (const result of test.results) addFile(`${run}: e2e/${file}`, result.duration / 1000);
      });
    continue;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    addFile(
      `${run}: ${path.relative(process.cwd(), file.name)}`,
      (file.endTime - file.startTime) / 1000,
    );
    for (const test of file.assertionResults) {
      if (test.status !== "skipped" && test.status !== "pending") continue;
      const tag =
        test.tags?.find((each) => skipTags.some((known) => known.name === each)) ?? "untagged";
      skippedByTag.set(`${run}: ${tag}`, (skippedByTag.get(`${run}: ${tag}`) ?? 0) + 1);
    }
  }
}

const minutes = (seconds) =>
  `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, "0")}s`;
const stagesFile = path.join(reports, "stages.tsv");
const stages = existsSync(stagesFile)
  ? readFileSync(stagesFile, "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split("\t"))
  : [];
const suiteSeconds = stages.reduce((sum, [seconds]) => sum + Number(seconds), 0);
console.log("Stage times:");
for (const [seconds, stage] of stages)
  console.log(`  ${minutes(Number(seconds)).padStart(7)}  ${stage}`);
console.log(`  ${minutes(suiteSeconds).padStart(7)}  in all`);

if (skippedByTag.size > 0) {
  console.log("Skipped, by reason:");
  for (const [key, count] of [...skippedByTag].sort()) {
    const tag = key.split(": ")[1];
    const why =
      skipTags.find((known) => known.name === tag)?.description ??
      "no reason given: tag the skip (tests/support/skip-tags.ts)";
    console.log(`  ${String(count).padStart(4)}  ${key} (${why})`);
    if (tag === "untagged") process.exitCode = 1;
  }
}

const slowest = [...fileSeconds].sort((a, b) => b[1] - a[1]).slice(0, 10);
console.log("Slowest files:");
for (const [file, seconds] of slowest) console.log(`  ${minutes(seconds).padStart(7)}  ${file}`);

if (process.env.CI === "true" && suiteSeconds > budgetSeconds) {
  console.log(
    `The suite took ${minutes(suiteSeconds)}, over CI's budget of ${minutes(budgetSeconds)}: make the slowest files above faster.`,
  );
  process.exitCode = 1;
}
console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
