// The README is the front page: details belong in docs/, so it stays short.
import { readFileSync } from "node:fs";

const limit = 10_000;
const size = readFileSync("README.md", "utf8").length;
if (size >= limit) {
  console.error(
    `README.md is ${size} characters; keep it under ${limit} and move details to docs/`,
  );
  process.exit(1);
}
console.log(`README.md: ${size} characters (under ${limit})`);
