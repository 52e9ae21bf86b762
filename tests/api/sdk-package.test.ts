import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createClient } from "@agent-settlement/sdk";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { fromBase64Url } from "@/lib/attest/bytes";
import { formatWitnessVkey } from "@/lib/attest/cosignature";
import { pendingSettlement } from "../support/deals";
import { seedTenant, type TTestTenant } from "../support/tenant";

const run = promisify(execFile);

// The package as a user gets it: packed, installed from the tarball into a directory outside
// the repository, its bin run on a real receipt bundle.

let tenant: TTestTenant;
let directory: string;
let bundleId = "";

beforeAll(async () => {
  tenant = await seedTenant();
  directory = mkdtempSync(path.join(os.tmpdir(), "sdk-package-"));
  await run(
    "npm",
    ["pack", "--workspace", "@agent-settlement/sdk", "--pack-destination", directory],
    {
      timeout: 120_000,
    },
  );
  const [tarball] = readdirSync(directory).filter((name) => name.endsWith(".tgz"));
  writeFileSync(path.join(directory, "package.json"), JSON.stringify({ type: "module" }));
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", `./${tarball}`], {
    cwd: directory,
    timeout: 120_000,
  });
  const { bundle, jwks } = await sealedBundle();
  bundleId = bundle.id;
  writeFileSync(path.join(directory, "bundle.json"), JSON.stringify(bundle));
  writeFileSync(path.join(directory, "jwks.json"), JSON.stringify(jwks));
  const tampered = { ...bundle, amount: { ...bundle.amount, value: bundle.amount.value + 1 } };
  writeFileSync(path.join(directory, "tampered.json"), JSON.stringify(tampered));
}, 240_000);
afterAll(async () => {
  rmSync(directory, { recursive: true, force: true });
  await tenant?.remove();
});

/** The installed bin; resolves with its exit code and output, whatever the code. */
async function agentSettlement(...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      path.join(directory, "node_modules/.bin/agent-settlement"),
      args,
      { cwd: directory },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function sealedBundle() {
  const client = createClient({ apiKey: tenant.keys.sandbox, baseUrl: inject("baseUrl") });
  const { settlement } = await pendingSettlement(tenant.keys.sandbox);
  await client.settlements.executeAndWait(settlement.id, { timeoutMs: 20_000 });
  const [receipt] = (await client.receipts.list({ settlementId: settlement.id })).data;
  return { bundle: await client.receipts.sealedBundle(receipt!.id), jwks: await client.jwks() };
}

describe("the packed SDK, installed outside the repository", () => {
  test("its bin verifies a real bundle, refuses a tampered one, and says what bad input is", {
    timeout: 60_000,
  }, async () => {
    const valid = await agentSettlement("verify-receipt", "bundle.json", "--jwks", "jwks.json");
    expect(valid.code).toBe(0);
    expect(valid.stdout.trim().split("\n")).toEqual([
      "ok    schema",
      "ok    evidence_chain",
      "ok    attest_hash",
      "ok    terms",
      "ok    policy",
      "ok    agreement: final terms signed by no agent (signatures required: none)",
      "ok    signing_keys: no agent signed",
      "ok    inclusion",
      "ok    tree_head_signature",
      "ok    tree_head_key_window",
      `receipt ${bundleId} is valid`,
    ]);
    const fromUrl = await agentSettlement(
      "verify-receipt",
      "bundle.json",
      "--jwks",
      `${inject("baseUrl")}/.well-known/jwks.json`,
      "--json",
    );
    expect(fromUrl.code).toBe(0);
    expect(JSON.parse(fromUrl.stdout)).toMatchObject({ status: "valid" });

    const invalid = await agentSettlement("verify-receipt", "tampered.json", "--jwks", "jwks.json");
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toMatch(/^FAIL {2}attest_hash/m);
    expect(invalid.stdout).toContain(`receipt ${bundleId} is invalid`);

    // A witness that never cosigned: the tree head lacks its quorum, and the check says so.
    const { x } = generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" });
    const absent = formatWitnessVkey({
      name: "witness.example/absent",
      publicKey: fromBase64Url(x!),
    });
    const unwitnessed = await agentSettlement(
      "verify-receipt",
      "bundle.json",
      "--jwks",
      "jwks.json",
      "--witness",
      absent,
    );
    expect(unwitnessed.code).toBe(1);
    expect(unwitnessed.stdout).toMatch(/^FAIL {2}witness_cosignatures: 0 valid cosignatures/m);

    for (const args of [
      ["verify-receipt", "bundle.json", "--jwks", "jwks.json", "--quorum", "1"],
      ["verify-receipt", "bundle.json", "--jwks", "jwks.json", "--witness", "not-a-vkey"],
      [
        "verify-receipt",
        "bundle.json",
        "--jwks",
        "jwks.json",
        "--witness",
        absent,
        "--quorum",
        "2",
      ],
      ["verify-receipt", "bundle.json"],
      ["verify-receipt", "missing.json", "--jwks", "jwks.json"],
      ["verify-receipt", "bundle.json", "--jwks", "jwks.json", "--frobnicate"],
      ["sign-receipt", "bundle.json"],
    ]) {
      const bad = await agentSettlement(...args);
      expect(bad.code, args.join(" ")).toBe(2);
      expect(bad.stderr).toMatch(/^error: /);
      expect(bad.stderr).not.toMatch(/\n\s+at /);
    }
  });

  test("its ESM entry imports in plain Node and verifies the same bundle", async () => {
    const script = [
      'import { readFileSync } from "node:fs";',
      'import { verifyReceiptBundle, createClient } from "@agent-settlement/sdk";',
      'import { verifyWebhook } from "@agent-settlement/sdk/webhooks";',
      'const read = (file) => JSON.parse(readFileSync(file, "utf8"));',
      'const result = await verifyReceiptBundle(read("bundle.json"), read("jwks.json"));',
      "console.log(JSON.stringify({ status: result.status, client: typeof createClient, webhooks: typeof verifyWebhook }));",
    ].join("\n");
    writeFileSync(path.join(directory, "check.mjs"), script);
    const { stdout } = await run("node", ["check.mjs"], { cwd: directory });
    expect(JSON.parse(stdout)).toEqual({
      status: "valid",
      client: "function",
      webhooks: "function",
    });
  });

  test("its CommonJS entry works with require(), errors as typed classes", async () => {
    const script = [
      'const { readFileSync } = require("node:fs");',
      'const sdk = require("@agent-settlement/sdk");',
      'const read = (file) => JSON.parse(readFileSync(file, "utf8"));',
      'sdk.verifyReceiptBundle(read("bundle.json"), read("jwks.json")).then((result) => {',
      '  const error = new sdk.NotFoundError({ status: 404, code: "not_found", message: "gone" });',
      "  console.log(JSON.stringify({ status: result.status, typed: error instanceof sdk.AgentSettlementError }));",
      "});",
    ].join("\n");
    writeFileSync(path.join(directory, "check.cjs"), script);
    const { stdout } = await run("node", ["check.cjs"], { cwd: directory });
    expect(JSON.parse(stdout)).toEqual({ status: "valid", typed: true });
  });
});
