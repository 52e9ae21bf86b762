import { spawn } from "node:child_process";
import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { witnessCosignatures } from "@/db/schema";
import {
  cosignCheckpoint,
  formatCheckpoint,
  parseWitnessVkey,
  verifyCosignatureQuorum,
  verifyReceiptBundle,
  witnessVkeyOf,
} from "@/lib/attest";
import { call } from "../support/api";
import { startChildServer, type TChildServer } from "../support/child-server";
import { moveToOwnDatabase, type TOwnDatabase } from "../support/own-database";
import { issueTestReceipt, sealAll } from "../support/receipts";
import { seedTenant, type TTestTenant } from "../support/tenant";

// A server of its own, configured with two witnesses, on a database of its own.
const embedded = inject("databaseEmbedded");
let database: TOwnDatabase | undefined;
let server: TChildServer | undefined;
let tenant: TTestTenant;
let base = "";
const dir = mkdtempSync(path.join(os.tmpdir(), "attest-witness-"));
const state = path.join(dir, "cosigned.json");

type TWitness = { name: string; privateKey: KeyObject; vkey: string; keyFile: string };
const witness = (name: string): TWitness => {
  const { privateKey } = generateKeyPairSync("ed25519");
  const keyFile = path.join(dir, `${name.replace(/\W/g, "-")}.pem`);
  writeFileSync(keyFile, privateKey.export({ format: "pem", type: "pkcs8" }));
  return { name, privateKey, vkey: witnessVkeyOf({ name, privateKey }), keyFile };
};
const w1 = witness("witness.example/w1");
const w2 = witness("witness.example/w2");
const stranger = witness("witness.example/w3");

type TCheckpointJson = {
  origin: string;
  treeSize: number;
  rootHash: string;
  cosignatures: string[];
  note: string;
};

const checkpoint = async () => {
  const answer = await call<TCheckpointJson>("GET", "/attest/log/checkpoint", {
    baseUrl: server!.baseUrl,
    headers: { accept: "application/json" },
  });
  expect(answer.status).toBe(200);
  return answer.body;
};

const submit = (body: unknown) =>
  call("POST", "/attest/log/cosignatures", { baseUrl: server!.baseUrl, body });

const cosign = (w: TWitness, text: string) =>
  cosignCheckpoint({ checkpoint: text, name: w.name, privateKey: w.privateKey, timestamp: 1n });

const storedCount = async () => (await db.select().from(witnessCosignatures)).length;

/** Adds `count` receipts to the log and seals them; answers the last one's id. */
async function grow(count: number): Promise<string> {
  const sandbox = { organizationId: tenant.organizationId, environment: "sandbox" as const };
  let id = "";
  for (let i = 0; i < count; i++) id = (await issueTestReceipt({ tenant: sandbox })).id;
  await sealAll("sandbox");
  return id;
}

/** The CLI as an operator runs it. */
function cli(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      "node_modules/.bin/tsx",
      ["--tsconfig", "tsconfig.json", "cli/index.ts", ...args],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.once("exit", (code) => resolve({ code, output }));
  });
}

const runWitness = (w: TWitness) =>
  cli(["attest", "witness", "--url", base, "--key", w.keyFile, "--name", w.name, "--state", state]);

beforeAll(async () => {
  if (embedded) return;
  database = await moveToOwnDatabase();
  server = await startChildServer({
    env: { DATABASE_URL: database.url, ATTEST_WITNESSES: `${w1.vkey},${w2.vkey}` },
  });
  base = `${server.baseUrl}/sandbox/v1`;
  tenant = await seedTenant();
}, 120_000);

afterAll(async () => {
  if (embedded) return;
  await server?.kill();
  await database?.drop();
});

describe.skipIf(embedded)("a witness key", { tags: ["own-server-processes"] }, () => {
  test("whose key ID does not match its name and key stops the server at start, saying so", async () => {
    // The same key under another name: the shape is right, the key ID is w1's.
    const renamed = w1.vkey.replace(/^[^+]+/, "someone-else");
    await expect(
      startChildServer({ env: { DATABASE_URL: database?.url, ATTEST_WITNESSES: renamed } }),
    ).rejects.toThrow(/exited early[\s\S]*key ID does not match the name and key/);
  });
});

describe.skipIf(embedded)("witnessing the attest log", { tags: ["own-server-processes"] }, () => {
  let first: TCheckpointJson;
  let receiptId: string;

  // Each CLI run starts tsx: seconds apiece on a busy machine.
  test("the witness checks, cosigns and submits; the checkpoint then carries its line", {
    timeout: 90_000,
  }, async () => {
    receiptId = await grow(3);
    const run = await runWitness(w1);
    expect(run.output).toContain(`witness ${w1.vkey}`);
    expect(run.output).toContain("ok    first look: size 3");
    expect(run.output).toContain("ok    submitted: size 3");
    expect(run.code).toBe(0);

    first = await checkpoint();
    expect(first.cosignatures).toHaveLength(1);
    const text = await (await fetch(`${base}/attest/log/checkpoint`)).text();
    expect(text).toBe(first.note);
    const [body, signatures] = text.split("\n\n") as [string, string];
    const lines = signatures.trimEnd().split("\n");
    // The log's own signature first, then the cosignature.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(first.cosignatures[0]);
    const witnesses = [w1.vkey, w2.vkey].map(parseWitnessVkey);
    const verdict = await verifyCosignatureQuorum({
      checkpoint: `${body}\n`,
      lines,
      witnesses,
      quorum: 1,
    });
    expect(verdict).toMatchObject({ ok: true, cosigners: [w1.name] });
    expect(JSON.parse(readFileSync(state, "utf8"))).toMatchObject({
      treeSize: 3,
      rootHash: first.rootHash,
    });
  });

  test("refused submissions answer in the error envelope and store nothing", async () => {
    const signed = formatCheckpoint(first);
    const before = await storedCount();

    const unknown = await submit({ checkpoint: signed, cosignature: cosign(stranger, signed) });
    expect(unknown.status).toBe(403);
    expect(unknown.body.error).toMatchObject({ code: "forbidden", param: "cosignature" });

    const other = formatCheckpoint({ ...first, rootHash: `0x${"ab".repeat(32)}` });
    const overOther = await submit({ checkpoint: signed, cosignature: cosign(w2, other) });
    expect(overOther.status).toBe(400);
    expect(overOther.body.error).toMatchObject({ code: "invalid_request", param: "cosignature" });

    const notTheLogs = await submit({ checkpoint: other, cosignature: cosign(w2, other) });
    expect(notTheLogs.status).toBe(400);
    expect(notTheLogs.body.error).toMatchObject({ param: "checkpoint" });

    const garbage = await submit({ checkpoint: signed, cosignature: "— w2 AAAA" });
    expect(garbage.status).toBe(400);

    const noBody = await submit({ cosignature: cosign(w2, signed) });
    expect(noBody.status).toBe(400);
    expect(await storedCount()).toBe(before);
  });

  test("a second configured witness brings the checkpoint to a quorum of two", async () => {
    const signed = formatCheckpoint(first);
    const added = await submit({ checkpoint: signed, cosignature: cosign(w2, signed) });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ witness: w2.name, treeSize: 3, timestamp: 1 });
    const again = await submit({
      checkpoint: signed,
      cosignature: cosignCheckpoint({
        checkpoint: signed,
        name: w2.name,
        privateKey: w2.privateKey,
        timestamp: 2n,
      }),
    });
    // The first cosignature of a witness for a size stays.
    expect(again.body.cosignature).toBe(added.body.cosignature);
    const latest = await checkpoint();
    const verdict = await verifyCosignatureQuorum({
      checkpoint: signed,
      lines: latest.cosignatures,
      witnesses: [w1.vkey, w2.vkey].map(parseWitnessVkey),
      quorum: 2,
    });
    expect(verdict.ok).toBe(true);
  });

  test("a receipt bundle carries the cosignatures, and verifies with a quorum of two", {
    timeout: 90_000,
  }, async () => {
    const bundle = await call("GET", `/receipts/${receiptId}/bundle`, {
      baseUrl: server!.baseUrl,
      key: tenant.keys.sandbox,
    });
    expect(bundle.status).toBe(200);
    expect(bundle.body.attest.treeHead.cosignatures).toHaveLength(2);
    const jwks = await (await fetch(`${server!.baseUrl}/.well-known/jwks.json`)).json();
    const keys = [w1.vkey, w2.vkey, stranger.vkey];
    const verify = (quorum: number) =>
      verifyReceiptBundle({ bundle: bundle.body, jwks, witnesses: { keys, quorum } });
    const two = await verify(2);
    expect(two.checks.filter((check) => !check.ok)).toEqual([]);
    expect(two.status).toBe("valid");
    expect(two.checks.at(-1)).toMatchObject({ name: "witness_cosignatures", ok: true });
    const three = await verify(3);
    expect(three.status).toBe("invalid");
    expect(three.checks.at(-1)).toMatchObject({ name: "witness_cosignatures", ok: false });

    // The same from the command line.
    const file = path.join(dir, "bundle.json");
    writeFileSync(file, JSON.stringify(bundle.body));
    const jwksUrl = `${server!.baseUrl}/.well-known/jwks.json`;
    const verifyCli = (...witnessArgs: string[]) =>
      cli(["receipts", "verify", file, "--jwks", jwksUrl, ...witnessArgs]);
    const both = await verifyCli("--witness", w1.vkey, "--witness", w2.vkey);
    expect(both.output).toContain("ok    witness_cosignatures: 2 of 2 witnesses cosigned");
    expect(both.code).toBe(0);
    const unknown = await verifyCli("--witness", stranger.vkey);
    expect(unknown.output).toContain("FAIL  witness_cosignatures:");
    expect(unknown.code).toBe(1);
    const badQuorum = await verifyCli("--witness", w1.vkey, "--quorum", "2");
    expect(badQuorum.code).toBe(2);
  });

  test("an earlier checkpoint of the log is taken; a size beyond the latest is 409", async () => {
    await grow(2);
    const earlier = formatCheckpoint(first);
    const taken = await submit({ checkpoint: earlier, cosignature: cosign(w1, earlier) });
    expect(taken.status).toBe(201);
    // The latest checkpoint (size 5) shows only its own cosignatures: none yet.
    expect((await checkpoint()).cosignatures).toEqual([]);
    const beyond = formatCheckpoint({ ...first, treeSize: 6 });
    const answer = await submit({ checkpoint: beyond, cosignature: cosign(w1, beyond) });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({ code: "conflict", param: "checkpoint" });
  });

  test("the witness cosigns a checkpoint that extends the one it cosigned", {
    timeout: 90_000,
  }, async () => {
    const run = await runWitness(w1);
    expect(run.output).toContain("ok    consistency: size 3 → 5");
    expect(run.code).toBe(0);
    expect((await checkpoint()).cosignatures).toHaveLength(1);
  });

  test("the witness refuses a fork and a rollback, naming them, and cosigns nothing", {
    timeout: 90_000,
  }, async () => {
    const cosigned = JSON.parse(readFileSync(state, "utf8"));
    const before = await storedCount();
    const bogusRoot = `0x${"cd".repeat(32)}`;

    writeFileSync(state, JSON.stringify({ ...cosigned, rootHash: bogusRoot }));
    const fork = await runWitness(w1);
    expect(fork.code).toBe(1);
    expect(fork.output).toContain("FAIL  consistency: same size, different root: a fork");
    expect(fork.output).not.toContain("submitted");

    writeFileSync(state, JSON.stringify({ ...cosigned, treeSize: 3, rootHash: bogusRoot }));
    const branch = await runWitness(w1);
    expect(branch.code).toBe(1);
    expect(branch.output).toContain(
      "FAIL  consistency: size 5 does not extend the 3 seen before: a fork",
    );

    writeFileSync(state, JSON.stringify({ ...cosigned, treeSize: cosigned.treeSize + 10 }));
    const rollback = await runWitness(w1);
    expect(rollback.code).toBe(1);
    expect(rollback.output).toMatch(/FAIL {2}rollback: size 5 is smaller than the 15 seen before/);
    expect(await storedCount()).toBe(before);
  });
});
