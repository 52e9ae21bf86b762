import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { profilingOptions, type TSpan, topSelfTime } from "./cpu-profile";

const folder = mkdtempSync(path.join(tmpdir(), "cpu-profile-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A real profiled process: one function busy for 300 ms, then another, each span on its clock. */
function profileTwoSpans(): { first: TSpan; second: TSpan } {
  const script = `
    const now = () => Number(process.hrtime.bigint() / 1000n);
    function spinFirst(ms) { const end = Date.now() + ms; let n = 0; while (Date.now() < end) n++; return n; }
    function spinSecond(ms) { const end = Date.now() + ms; let n = 0; while (Date.now() < end) n++; return n; }
    const start = now();
    spinFirst(300);
    const middle = now();
    spinSecond(300);
    const end = now();
    console.log(JSON.stringify({ first: { startUs: start, endUs: middle }, second: { startUs: middle, endUs: end } }));
  `;
  const output = execFileSync(
    process.execPath,
    [...profilingOptions(folder).split(" "), "-e", script],
    {
      encoding: "utf8",
    },
  );
  return JSON.parse(output);
}

const shareOf = (spans: TSpan[], name: string) =>
  topSelfTime(folder, spans)
    .filter((entry) => entry.name.startsWith(name))
    .reduce((sum, entry) => sum + entry.share, 0);

test("a profile's top functions count only the samples taken within the spans given", () => {
  const { first, second } = profileTwoSpans();
  expect(shareOf([first], "spinFirst")).toBeGreaterThan(0.8);
  expect(shareOf([first], "spinSecond")).toBeLessThan(0.05);
  expect(shareOf([second], "spinSecond")).toBeGreaterThan(0.8);
  expect(shareOf([second], "spinFirst")).toBeLessThan(0.05);
  // No span: the whole profile, where each took about half.
  expect(shareOf([], "spinFirst")).toBeGreaterThan(0.3);
  expect(shareOf([], "spinSecond")).toBeGreaterThan(0.3);
});
