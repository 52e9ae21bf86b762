import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, expect, test } from "vitest";
import { keyFileIn } from "./secrets-key";

const run = promisify(execFile);

let directory: string | undefined;
afterEach(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

test("the key file is generated once, private to its owner, and read back after", () => {
  directory = path.join(mkdtempSync(path.join(os.tmpdir(), "ass-secrets-key-")), "data");
  const first = keyFileIn(directory);
  expect(first).toHaveLength(32);
  expect(keyFileIn(directory).equals(first)).toBe(true);
  expect(readdirSync(directory)).toEqual(["secrets.key"]);
  expect(statSync(path.join(directory, "secrets.key")).mode & 0o777).toBe(0o600);
});

test("processes generating the key at the same time all end up with the same one", async () => {
  directory = mkdtempSync(path.join(os.tmpdir(), "ass-secrets-key-"));
  const script = path.join(directory, "read-key.ts");
  writeFileSync(
    script,
    `import { keyFileIn } from ${JSON.stringify(path.join(import.meta.dirname, "secrets-key.ts"))};
console.log(keyFileIn(process.argv[2]!).toString("base64"));`,
  );
  const keyDirectory = path.join(directory, "data");
  const keys = await Promise.all(
    Array.from({ length: 6 }, async () => {
      const { stdout } = await run(process.execPath, ["--import", "tsx", script, keyDirectory]);
      return stdout.trim();
    }),
  );
  expect(keys[0]).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  expect(new Set(keys).size).toBe(1);
  expect(readdirSync(keyDirectory)).toEqual(["secrets.key"]);
});
