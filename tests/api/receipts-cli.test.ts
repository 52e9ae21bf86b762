import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { call } from "../support/api";
import { issueTestReceipt, sealAll } from "../support/receipts";
import { seedTenant, type TTestTenant } from "../support/tenant";

let tenant: TTestTenant;
let dir: string;
let bundle: Record<string, any>;
let jwksFile: string;

beforeAll(async () => {
  tenant = await seedTenant();
  const row = await issueTestReceipt({
    tenant: { organizationId: tenant.organizationId, environment: "sandbox" },
  });
  await sealAll();
  bundle = (await call("GET", `/receipts/${row.id}/bundle`, { key: tenant.keys.sandbox })).body;
  dir = mkdtempSync(path.join(os.tmpdir(), "receipts-cli-"));
  jwksFile = path.join(dir, "jwks.json");
  writeFileSync(jwksFile, JSON.stringify((await call("GET", "/.well-known/jwks.json")).body));
});
afterAll(async () => {
  await tenant.remove();
  rmSync(dir, { recursive: true, force: true });
});

/** The CLI as an operator runs it, with no database configured and an empty data directory. */
const cli = (args: string[]) => {
  const dataDir = mkdtempSync(path.join(dir, "data-"));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.DATABASE_EMBEDDED;
  const result = spawnSync(
    "node_modules/.bin/tsx",
    ["--tsconfig", "tsconfig.json", "cli/index.ts", ...args],
    { env, encoding: "utf8", timeout: 60_000 },
  );
  return { ...result, dataDirAfter: readdirSync(dataDir) };
};

const write = (name: string, value: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
};

describe("npm run cli -- receipts verify", () => {
  test("verifies an exported receipt with nothing but the JWKS, opening no database", () => {
    const result = cli(["receipts", "verify", write("good.json", bundle), "--jwks", jwksFile]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`receipt ${bundle.id} is valid`);
    expect(result.stdout).toMatch(/ok +tree_head_signature/);
    expect(result.dataDirAfter).toEqual([]);
  });

  test("names the failing check and exits 1 for a tampered receipt", () => {
    const tampered = structuredClone(bundle);
    tampered.parties[1].amount += 1;
    const result = cli(["receipts", "verify", write("bad.json", tampered), "--jwks", jwksFile]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/FAIL {2}attest_hash: receipt hashes to 0x[0-9a-f]{64}/);
    expect(result.stdout).toContain("is invalid");
    const json = cli([
      "receipts",
      "verify",
      write("bad.json", tampered),
      "--jwks",
      jwksFile,
      "--json",
    ]);
    const parsed = JSON.parse(json.stdout);
    expect(parsed.status).toBe("invalid");
    expect(
      parsed.checks.filter((c: { ok: boolean }) => !c.ok).map((c: { name: string }) => c.name),
    ).toEqual(["attest_hash", "terms", "policy"]);
  });

  test("fetches the JWKS from a URL, and rejects a tree head from another log with --origin", () => {
    const url = `${inject("baseUrl")}/.well-known/jwks.json`;
    const file = write("good.json", bundle);
    expect(cli(["receipts", "verify", file, "--jwks", url]).status).toBe(0);
    const other = cli([
      "receipts",
      "verify",
      file,
      "--jwks",
      url,
      "--origin",
      "elsewhere.example/log",
    ]);
    expect(other.status).toBe(1);
    expect(other.stdout).toMatch(/FAIL {2}tree_head_signature: tree head is for log/);
  });

  test("a JWKS without the signing key fails the signature check (1); unreadable input is bad input (2)", () => {
    const emptyJwks = write("empty-jwks.json", { keys: [] });
    const result = cli(["receipts", "verify", write("good.json", bundle), "--jwks", emptyJwks]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/FAIL {2}tree_head_signature: no Ed25519 key/);
    const notJson = path.join(dir, "not.json");
    writeFileSync(notJson, "receipt?");
    const broken = cli(["receipts", "verify", notJson, "--jwks", jwksFile]);
    expect(broken.status).toBe(2);
    expect(broken.stdout).toBe("");
    expect(broken.stderr.trim()).toMatch(/^error: receipt \S+ is not readable JSON: [^\n]+$/);
    const missing = cli(["receipts", "verify", "--jwks", jwksFile]);
    expect(missing.status).toBe(2);
    expect(missing.stderr.trim()).toBe("error: missing required argument 'receipt.json'");
    expect(missing.dataDirAfter).toEqual([]);
  });
});
