import { spawn } from "node:child_process";
import { createHash, createPublicKey, sign, verify } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { calculateJwkThumbprint } from "jose";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { db } from "@/db/client";
import { agentKeys, attestLogHeads, attestLogNodes, receipts, treeHeadKeys } from "@/db/schema";
import { open } from "@/lib/crypto/sealed-secret";
import { secretContexts } from "@/lib/crypto/secret-contexts";
import { LogForkError, sealPendingReceipts } from "@/lib/receipts/seal-receipts";
import { newSigningKey, type TSigningKey } from "../support/agent-keys";
import { call, randomClientAddress } from "../support/api";
import { startChildServer, type TChildServer } from "../support/child-server";
import { agentOf } from "../support/deals";
import { moveToOwnDatabase, type TOwnDatabase } from "../support/own-database";
import { issueTestReceipt, sealAll } from "../support/receipts";
import {
  leafHashOf,
  merkleTreeHash,
  verifyConsistencyProof,
  verifyInclusionProof,
} from "../support/rfc9162";
import { seedTenant, type TTestTenant } from "../support/tenant";

// A server of its own on a database of its own: the test rewrites the log at the end.
const embedded = inject("databaseEmbedded");
let database: TOwnDatabase | undefined;
let server: TChildServer | undefined;
let tenant: TTestTenant;
let base = "";
const stateDir = mkdtempSync(path.join(os.tmpdir(), "attest-monitor-"));

type TCheckpointJson = {
  origin: string;
  treeSize: number;
  rootHash: string;
  signature: string;
  keyId: string;
  note: string;
};

const bytes = (hash: string) => Buffer.from(hash.slice(2), "hex");
const hex = (hash: Uint8Array) => `0x${Buffer.from(hash).toString("hex")}`;

const sandbox = () => ({ organizationId: tenant.organizationId, environment: "sandbox" as const });

async function grow(count: number) {
  for (let i = 0; i < count; i++) await issueTestReceipt({ tenant: sandbox() });
  await sealAll("sandbox");
}

/** A public read from an address of its own, as the test's many readers would be. */
const get = (url: string) => fetch(url, { headers: { "x-forwarded-for": randomClientAddress() } });

const checkpoint = async () => {
  const answer = await call<TCheckpointJson>("GET", "/attest/log/checkpoint", {
    baseUrl: server!.baseUrl,
    headers: { accept: "application/json" },
  });
  expect(answer.status).toBe(200);
  return answer.body;
};

/** Every entry of the log up to `size`, read from its entry tiles. */
async function entriesUpTo(size: number): Promise<Buffer[]> {
  const entries: Buffer[] = [];
  for (let index = 0; index * 256 < size; index++) {
    const width = Math.min(256, size - index * 256);
    const tilePath = `${String(index).padStart(3, "0")}${width < 256 ? `.p/${width}` : ""}`;
    const response = await get(`${base}/attest/log/tile/entries/${tilePath}`);
    expect(response.status, tilePath).toBe(200);
    const bundle = Buffer.from(await response.arrayBuffer());
    for (let at = 0; at < bundle.length; ) {
      const length = bundle.readUInt16BE(at);
      entries.push(bundle.subarray(at + 2, at + 2 + length));
      at += 2 + length;
    }
  }
  return entries;
}

/** The monitor as an operator runs it. */
function monitor(
  state: string,
  ...options: string[]
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      "node_modules/.bin/tsx",
      [
        "--tsconfig",
        "tsconfig.json",
        "cli/index.ts",
        "attest",
        "monitor",
        "--url",
        base,
        "--state",
        state,
        ...options,
      ],
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

beforeAll(async () => {
  if (embedded) return;
  database = await moveToOwnDatabase();
  server = await startChildServer({ env: { DATABASE_URL: database.url } });
  base = `${server.baseUrl}/sandbox/v1`;
  tenant = await seedTenant();
}, 120_000);

afterAll(async () => {
  if (embedded) return;
  await server?.kill();
  await database?.drop();
});

describe.skipIf(embedded)("the public attest log", { tags: ["own-server-processes"] }, () => {
  const state = path.join(stateDir, "seen.json");
  let older: TCheckpointJson;

  test("an empty log has no checkpoint yet: 404 in the envelope", async () => {
    const answer = await call("GET", "/attest/log/checkpoint", { baseUrl: server!.baseUrl });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({ code: "not_found" });
  });

  test("the checkpoint is a C2SP signed note and verifies with the JWKS alone", async () => {
    await grow(150);
    older = await checkpoint();
    expect(older.treeSize).toBe(150);
    expect(older.origin).toMatch(/^local-[0-9a-f]{12}\/attest\/sandbox$/);
    const jwks = (await (await get(`${server!.baseUrl}/.well-known/jwks.json`)).json()) as {
      keys: { kid: string; x: string }[];
    };
    const jwk = jwks.keys.find((key) => key.kid === older.keyId)!;
    const publicKey = createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: jwk.x },
      format: "jwk",
    });
    const body = `${older.origin}\n${older.treeSize}\n${bytes(older.rootHash).toString("base64")}\n`;
    expect(verify(null, Buffer.from(body), publicKey, Buffer.from(older.signature, "base64"))).toBe(
      true,
    );

    const text = await get(`${base}/attest/log/checkpoint`);
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const note = await text.text();
    expect(note).toBe(older.note);
    const [signed, signatureLine] = note.split("\n\n");
    expect(`${signed}\n`).toBe(body);
    const [dash, keyName, blob] = signatureLine!.trim().split(" ");
    expect([dash, keyName]).toEqual(["\u2014", older.origin]);
    const decoded = Buffer.from(blob!, "base64");
    const keyId = createHash("sha256")
      .update(`${keyName}\n`)
      .update(Buffer.from([1]))
      .update(Buffer.from(jwk.x, "base64url"))
      .digest();
    expect(decoded.subarray(0, 4)).toEqual(keyId.subarray(0, 4));
    expect(decoded.subarray(4).toString("base64")).toBe(older.signature);
  });

  test("the monitor accepts the first checkpoint and then one that extends it", async () => {
    const first = await monitor(state);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain("ok    first look: size 150");
    expect(first.output).toMatch(/^ok {4}key window: size 150 is inside key \S+'s window$/m);
    await grow(150);
    const second = await monitor(state);
    expect(second.code, second.output).toBe(0);
    expect(second.output).toContain("ok    consistency: size 150 → 300");
    expect(JSON.parse(readFileSync(state, "utf8")).treeSize).toBe(300);
  }, 60_000);

  test("tiles hash up to the checkpoint's root; leaves are hashes of the entries", async () => {
    const latest = await checkpoint();
    const entries = await entriesUpTo(latest.treeSize);
    expect(entries).toHaveLength(latest.treeSize);
    const stored = await db
      .select({ attestHash: receipts.attestHash, logIndex: receipts.logIndex })
      .from(receipts)
      .where(eq(receipts.environment, "sandbox"));
    const byIndex = new Map(stored.map((row) => [row.logIndex, row.attestHash]));
    expect(entries.map(hex)).toEqual(entries.map((_, index) => byIndex.get(index)));
    const leaves = entries.map(leafHashOf);
    expect(hex(merkleTreeHash(leaves))).toBe(latest.rootHash);

    const full = await get(`${base}/attest/log/tile/0/000`);
    expect(full.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(full.headers.get("content-type")).toBe("application/octet-stream");
    const level0 = Buffer.from(await full.arrayBuffer());
    expect(level0.length).toBe(256 * 32);
    const partial = await get(`${base}/attest/log/tile/0/001.p/44`);
    expect(partial.headers.get("cache-control")).toBe("public, max-age=10");
    const edge = Buffer.from(await partial.arrayBuffer());
    const tileHashes = [level0, edge].flatMap((tile) =>
      Array.from({ length: tile.length / 32 }, (_, i) => tile.subarray(i * 32, i * 32 + 32)),
    );
    expect(tileHashes.map(hex)).toEqual(leaves.map(hex));
    const level1 = Buffer.from(
      await (await get(`${base}/attest/log/tile/1/000.p/1`)).arrayBuffer(),
    );
    expect(hex(level1)).toBe(hex(merkleTreeHash(leaves.slice(0, 256))));
  });

  test("public reads are readable from any origin; full tiles are cached for good, partial ones briefly", async () => {
    const latest = await checkpoint();
    expect(latest.treeSize).toBe(300);
    const [first] = await entriesUpTo(1);
    const origin = { origin: "https://auditor.example" };
    const read = (url: string, headers: Record<string, string> = {}) =>
      fetch(url, { headers: { "x-forwarded-for": randomClientAddress(), ...origin, ...headers } });
    const immutable = "public, max-age=31536000, immutable";
    const reads: [string, Record<string, string>, number, string | null][] = [
      [`${base}/attest/log/checkpoint`, {}, 200, "public, max-age=5"],
      [`${base}/attest/log/checkpoint`, { accept: "application/json" }, 200, "public, max-age=5"],
      [`${base}/attest/log/consistency?from=150`, {}, 200, null],
      [`${base}/attest/log/proof?leafHash=${hex(leafHashOf(first!))}`, {}, 200, null],
      [`${base}/attest/log/tile/0/000`, {}, 200, immutable],
      [`${base}/attest/log/tile/entries/000`, {}, 200, immutable],
      [`${base}/attest/log/tile/0/001.p/44`, {}, 200, "public, max-age=10"],
      [`${base}/attest/log/tile/entries/001.p/44`, {}, 200, "public, max-age=10"],
      [`${base}/attest/log/tile/1/000.p/1`, {}, 200, "public, max-age=10"],
      [`${server!.baseUrl}/.well-known/jwks.json`, {}, 200, "public, max-age=60"],
      // Errors are readable too, and never cached for good: the tile may exist later.
      [`${base}/attest/log/tile/0/001`, {}, 404, null],
      [`${base}/attest/log/consistency?from=0`, {}, 400, null],
    ];
    for (const [url, headers, status, cacheControl] of reads) {
      const answer = await read(url, headers);
      expect(answer.status, url).toBe(status);
      expect(answer.headers.get("access-control-allow-origin"), url).toBe("*");
      expect(answer.headers.get("access-control-expose-headers"), url).toContain("Request-Id");
      expect(answer.headers.get("cache-control"), url).toBe(cacheControl);
    }
    for (const url of [
      `${base}/attest/log/checkpoint`,
      `${base}/attest/log/consistency`,
      `${base}/attest/log/proof`,
      `${base}/attest/log/tile/0/000`,
      `${server!.baseUrl}/.well-known/jwks.json`,
    ]) {
      const preflight = await fetch(url, {
        method: "OPTIONS",
        headers: {
          ...origin,
          "access-control-request-method": "GET",
          "access-control-request-headers": "accept",
        },
      });
      expect(preflight.status, url).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin"), url).toBe("*");
      expect(preflight.headers.get("access-control-allow-methods"), url).toBe("GET, HEAD, OPTIONS");
      expect(preflight.headers.get("access-control-allow-headers"), url).toBe("*");
      expect(preflight.headers.get("access-control-max-age"), url).toBe("86400");
      expect(preflight.headers.get("allow"), url).toBe("GET, HEAD, OPTIONS");
    }
    // Routes that take a key stay same-origin.
    const keyed = await read(`${server!.baseUrl}/sandbox/v1/receipts`);
    expect(keyed.status).toBe(401);
    expect(keyed.headers.get("access-control-allow-origin")).toBeNull();
    const keyedPreflight = await fetch(`${server!.baseUrl}/sandbox/v1/receipts`, {
      method: "OPTIONS",
      headers: { ...origin, "access-control-request-method": "GET" },
    });
    expect(keyedPreflight.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("consistency proofs verify for every pair of sizes, inclusion proofs against old and new sizes", async () => {
    const latest = await checkpoint();
    const leaves = (await entriesUpTo(latest.treeSize)).map(leafHashOf);
    const roots = [
      Buffer.alloc(0),
      ...leaves.map((_, i) => merkleTreeHash(leaves.slice(0, i + 1))),
    ];
    const size = latest.treeSize;
    // Every pair through the same function the route calls, and a sample over HTTP.
    const { readConsistencyProof, readInclusionProof } = await import("@/lib/attest-log/proofs");
    let checked = 0;
    for (let from = 1; from <= size; from++) {
      const sizes = Array.from({ length: size - from + 1 }, (_, i) => from + i);
      await Promise.all(
        sizes.map(async (to) => {
          const { proof } = await readConsistencyProof({ environment: "sandbox", from, to });
          const ok = verifyConsistencyProof({
            first: from,
            second: to,
            firstHash: roots[from]!,
            secondHash: roots[to]!,
            proof: proof.map(bytes),
          });
          if (!ok) throw new Error(`consistency ${from} → ${to} does not verify`);
          checked++;
        }),
      );
    }
    expect(checked).toBe((size * (size + 1)) / 2);
    for (const [from, to] of [
      [1, 300],
      [150, 300],
      [255, 257],
      [256, 300],
      [7, 8],
      [300, 300],
    ] as const) {
      const answer = await call(
        "GET",
        `/attest/log/consistency?from=${from}${to === size ? "" : `&to=${to}`}`,
        {
          baseUrl: server!.baseUrl,
        },
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ from, to });
      expect(
        verifyConsistencyProof({
          first: from,
          second: to,
          firstHash: roots[from]!,
          secondHash: roots[to]!,
          proof: answer.body.proof.map(bytes),
        }),
      ).toBe(true);
    }
    for (let index = 0; index < size; index++) {
      for (const treeSize of [index + 1, 150, size]) {
        if (treeSize <= index) continue;
        const answer = await readInclusionProof({
          environment: "sandbox",
          leafHash: hex(leaves[index]!),
          treeSize,
        });
        expect(answer.leafIndex).toBe(index);
        const ok = verifyInclusionProof({
          leafIndex: index,
          treeSize,
          leafHash: leaves[index]!,
          proof: answer.proof.map(bytes),
          root: roots[treeSize]!,
        });
        if (!ok) throw new Error(`inclusion of ${index} in ${treeSize} does not verify`);
      }
    }
    const overHttp = await call(
      "GET",
      `/attest/log/proof?leafHash=${hex(leaves[3]!)}&treeSize=150`,
      {
        baseUrl: server!.baseUrl,
      },
    );
    expect(overHttp.body).toMatchObject({ leafIndex: 3, treeSize: 150 });
    expect(
      verifyInclusionProof({
        leafIndex: 3,
        treeSize: 150,
        leafHash: leaves[3]!,
        proof: overHttp.body.proof.map(bytes),
        root: bytes(older.rootHash),
      }),
    ).toBe(true);
  }, 240_000);

  test("bad input on every endpoint is a 4xx in the envelope", async () => {
    const leaf = `0x${"ab".repeat(32)}`;
    const cases: [string, number, string?][] = [
      ["/attest/log/consistency", 400, "from"],
      ["/attest/log/consistency?from=0", 400, "from"],
      ["/attest/log/consistency?from=5&to=4", 400, "from"],
      ["/attest/log/consistency?from=1&to=301", 400, "to"],
      ["/attest/log/consistency?from=01", 400, "from"],
      ["/attest/log/consistency?from=-1", 400, "from"],
      ["/attest/log/consistency?from=1.5", 400, "from"],
      ["/attest/log/consistency?from=99999999999999999", 400, "from"],
      ["/attest/log/consistency?from=1&extra=2", 400, "extra"],
      ["/attest/log/proof", 400, "leafHash"],
      ["/attest/log/proof?leafHash=abc", 400, "leafHash"],
      [`/attest/log/proof?leafHash=${leaf}`, 404, "leafHash"],
      [`/attest/log/proof?leafHash=${leaf}&treeSize=0`, 404, "leafHash"],
      [`/attest/log/proof?leafHash=${leaf}&treeSize=400`, 400, "treeSize"],
      ["/attest/log/tile/0/002", 404, "path"],
      ["/attest/log/tile/0/001", 404, "path"],
      ["/attest/log/tile/0/001.p/45", 404, "path"],
      ["/attest/log/tile/2/000.p/1", 404, "path"],
      ["/attest/log/tile/0/5", 404, "path"],
      ["/attest/log/tile/0/x000/005", 404, "path"],
      ["/attest/log/tile/0/005.p/0", 404, "path"],
      ["/attest/log/tile/64/000", 404, "path"],
      ["/attest/log/tile/entries/002", 404, "path"],
      ["/attest/log/tile/hashes/000", 404, "path"],
    ];
    for (const [url, status, param] of cases) {
      const answer = await call("GET", url, { baseUrl: server!.baseUrl });
      expect(answer.status, url).toBe(status);
      expect(answer.body.error, url).toMatchObject({ param });
    }
    const post = await call("POST", "/attest/log/checkpoint", {
      baseUrl: server!.baseUrl,
      body: {},
    });
    expect(post.status).toBe(405);
  });

  test("receipts sealed while checkpoints and proofs are read never yield an inconsistent pair", async () => {
    let sealing = true;
    const writer = (async () => {
      for (let round = 0; round < 12; round++) await grow(3);
      sealing = false;
    })();
    let previous = await checkpoint();
    const checkPair = async () => {
      const next = await checkpoint();
      const answer = await call(
        "GET",
        `/attest/log/consistency?from=${previous.treeSize}&to=${next.treeSize}`,
        { baseUrl: server!.baseUrl },
      );
      expect(answer.status).toBe(200);
      expect(
        verifyConsistencyProof({
          first: previous.treeSize,
          second: next.treeSize,
          firstHash: bytes(previous.rootHash),
          secondHash: bytes(next.rootHash),
          proof: answer.body.proof.map(bytes),
        }),
        `${previous.treeSize} → ${next.treeSize}`,
      ).toBe(true);
      previous = next;
    };
    let pairs = 0;
    while (sealing) {
      await checkPair();
      pairs++;
    }
    await writer;
    await checkPair();
    expect(pairs).toBeGreaterThan(2);
    expect(previous.treeSize).toBeGreaterThanOrEqual(336);
  }, 120_000);

  test("agent keys are entries of the log, and the monitor watching an agent flags a key its owner did not add", async () => {
    const key = tenant.keys.sandbox;
    const baseUrl = server!.baseUrl;
    const agentId = await agentOf(key, {}, { baseUrl });
    const addKey = async (signer: TSigningKey) => {
      const added = await call("POST", `/agents/${agentId}/keys`, {
        key,
        baseUrl,
        body: { jwk: signer.publicJwk },
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect(added.body.id).toBe(await calculateJwkThumbprint(signer.publicJwk, "sha256"));
      await sealAll("sandbox");
      const [row] = await db.select().from(agentKeys).where(eq(agentKeys.id, added.body.id));
      return { id: added.body.id as string, at: added.body.createdAt, leaf: row!.addedLogIndex! };
    };
    const signer = newSigningKey();
    const mine = await addKey(signer);
    const latest = await checkpoint();
    const entries = await entriesUpTo(latest.treeSize);
    expect(hex(merkleTreeHash(entries.map(leafHashOf)))).toBe(latest.rootHash);
    const agentHash = `0x${createHash("sha256").update(agentId).digest("hex")}`;
    expect(entries[mine.leaf]!.toString("utf8")).toBe(
      `agent-key/v1\n{"action":"add","agentHash":"${agentHash}","at":"${mine.at}","keyId":"${mine.id}","publicJwk":{"crv":"Ed25519","kty":"OKP","x":"${signer.publicJwk.x}"}}`,
    );

    const watch = ["--agent", agentId, "--expect-key", mine.id];
    const quiet = await monitor(state, ...watch);
    expect(quiet.code, quiet.output).toBe(0);
    expect(quiet.output).toContain(
      `ok    agent key: ${agentId}: add ${mine.id} at ${mine.at} (leaf ${mine.leaf})`,
    );
    const intruder = await addKey(newSigningKey("ES256"));
    const alarmed = await monitor(state, ...watch);
    expect(alarmed.code, alarmed.output).toBe(1);
    expect(alarmed.output).toContain(
      `FAIL  agent key: ${agentId}: add ${intruder.id} at ${intruder.at} (leaf ${intruder.leaf}), a key you did not expect`,
    );
    // Only what was logged since the checkpoint accepted last.
    expect(alarmed.output).not.toContain(`add ${mine.id}`);
  }, 60_000);

  test("the monitor detects a rolled-back checkpoint", async () => {
    const ok = await monitor(state);
    expect(ok.code, ok.output).toBe(0);
    const [current] = await db
      .select()
      .from(attestLogHeads)
      .where(eq(attestLogHeads.logId, "receipts-sandbox"));
    await db
      .update(attestLogHeads)
      .set({ treeSize: older.treeSize, rootHash: older.rootHash, signature: older.signature })
      .where(eq(attestLogHeads.logId, "receipts-sandbox"));
    const rolledBack = await monitor(state);
    expect(rolledBack.code).toBe(1);
    expect(rolledBack.output).toMatch(
      /FAIL {2}rollback: size 150 is smaller than the \d+ seen before/,
    );
    await db
      .update(attestLogHeads)
      .set(current!)
      .where(eq(attestLogHeads.logId, "receipts-sandbox"));
  }, 60_000);

  test("a rewritten log: the server refuses to sign on top of it and the monitor detects the fork", async () => {
    const [head] = await db
      .select()
      .from(attestLogHeads)
      .where(eq(attestLogHeads.logId, "receipts-sandbox"));
    // Rewrite leaf 0 and every stored ancestor, as a log operator rewriting history would.
    const leaves = (
      await db
        .select({ idx: attestLogNodes.idx, hash: attestLogNodes.hash })
        .from(attestLogNodes)
        .where(and(eq(attestLogNodes.logId, "receipts-sandbox"), eq(attestLogNodes.level, 0)))
        .orderBy(attestLogNodes.idx)
    ).map((row) => Buffer.from(row.hash));
    leaves[0] = leafHashOf(Buffer.alloc(32, 7));
    for (let level = 0; 2 ** level <= head!.treeSize; level++) {
      const hash = merkleTreeHash(leaves.slice(0, 2 ** level));
      await db
        .update(attestLogNodes)
        .set({ hash })
        .where(
          and(
            eq(attestLogNodes.logId, "receipts-sandbox"),
            eq(attestLogNodes.level, level),
            eq(attestLogNodes.idx, 0),
          ),
        );
    }
    await issueTestReceipt({ tenant: sandbox() });
    await expect(sealPendingReceipts({ environment: "sandbox" })).rejects.toThrow(LogForkError);

    // The forked tree, signed with the log's own key at the same size.
    const forkedRoot = merkleTreeHash(leaves.slice(0, head!.treeSize));
    const [key] = await db.select().from(treeHeadKeys).where(eq(treeHeadKeys.kid, head!.keyId));
    const text = `${head!.origin}\n${head!.treeSize}\n${forkedRoot.toString("base64")}\n`;
    await db
      .update(attestLogHeads)
      .set({
        rootHash: hex(forkedRoot),
        signature: sign(
          null,
          Buffer.from(text),
          open(key!.privateKeyPem!, secretContexts.treeHeadPrivateKey(key!.kid)),
        ).toString("base64"),
      })
      .where(eq(attestLogHeads.logId, "receipts-sandbox"));
    const forked = await monitor(state);
    expect(forked.code).toBe(1);
    // The server's own seal job may by now have signed a larger head on top of the forged one:
    // either way the monitor sees a log that does not extend what it saw.
    expect(forked.output).toMatch(
      /FAIL {2}consistency: (same size, different root: a fork|size \d+ does not extend the \d+ seen before)/,
    );
  }, 60_000);
});
