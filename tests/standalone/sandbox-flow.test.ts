import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { afterAll, beforeAll, expect, test } from "vitest";
import { setConfigVariables } from "@/config";
import { closeDatabase } from "@/db/client";
import { call, eventually } from "../support/api";
import { freePort } from "../support/child-server";
import { acceptedNegotiation, settled } from "../support/deals";
import { scratchDatabase } from "../support/scratch-database";
import { startTcpProxy, type TTcpProxy } from "../support/tcp-proxy";
import { seedTenant, type TTestTenant } from "../support/tenant";

// The Dockerfile's runtime stage: `node server.js` in the standalone directory, with its ENV.
const directory = ".next/standalone";
const sharedUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const database = scratchDatabase("standalone", sharedUrl);

let server: ChildProcess | undefined;
let output = "";
let baseUrl = "";
let postgres: TTcpProxy;
let tenant: TTestTenant;

beforeAll(async () => {
  if (!existsSync(`${directory}/server.js`)) {
    throw new Error("No standalone server: run `bash scripts/build-standalone.sh` first.");
  }
  await database.create();
  // PostgreSQL through a proxy the test can cut, as an outage would.
  const target = new URL(sharedUrl);
  postgres = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const throughProxy = new URL(database.url);
  throughProxy.host = `127.0.0.1:${postgres.port}`;
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn("node", ["server.js"], {
    cwd: directory,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      HOSTNAME: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: throughProxy.toString(),
      REDIS_URL: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
      DATABASE_CONNECT_TIMEOUT_S: "2",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  await eventually(async () => {
    if (server?.exitCode !== null) throw new Error(`standalone server exited:\n${output}`);
    const ready = await fetch(`${baseUrl}/api/ready`).catch(() => undefined);
    expect(ready?.status, output).toBe(200);
  }, 60_000);
  await closeDatabase();
  setConfigVariables({ DATABASE_URL: database.url });
  tenant = await seedTenant();
}, 120_000);

afterAll(async () => {
  if (server?.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await postgres?.close();
  await closeDatabase();
  await database.drop();
});

test("the standalone server runs the sandbox flow: agents, negotiation, settlement, verified receipt", async () => {
  const key = tenant.keys.sandbox;
  const { negotiation } = await acceptedNegotiation(key, { value: 2500, baseUrl });
  const settlement = await call("POST", "/settlements", {
    key,
    baseUrl,
    body: { negotiationId: negotiation.id },
  });
  expect(settlement.status).toBe(201);
  const executing = await call("POST", `/settlements/${settlement.body.id}/execute`, {
    key,
    baseUrl,
    body: {},
  });
  expect(executing.status).toBe(202);
  expect((await settled(key, settlement.body.id, { baseUrl })).status).toBe("executed");
  const receipt = await eventually(async () => {
    const listed = await call("GET", `/receipts?settlementId=${settlement.body.id}`, {
      key,
      baseUrl,
    });
    expect(listed.body.data).toHaveLength(1);
    const full = await call("GET", `/receipts/${listed.body.data[0].id}`, { key, baseUrl });
    expect(full.body.status).toBe("valid");
    return full.body;
  }, 15_000);
  const verified = await call("POST", `/receipts/${receipt.id}/verify`, {
    key,
    baseUrl,
    body: { recomputeHash: true },
  });
  expect(verified.body).toMatchObject({ receiptId: receipt.id, status: "valid", hashMatch: true });
  // Static assets were copied next to the server: the console's page loads its scripts.
  const page = await (await fetch(`${baseUrl}/sign-in`)).text();
  const script = page.match(/\/_next\/static\/[^"]+\.js/)?.[0];
  expect(script).toBeDefined();
  expect((await fetch(`${baseUrl}${script}`)).status).toBe(200);
});

test("/api/ready answers 503 naming PostgreSQL while it is down, and 200 when it is back", async () => {
  await postgres.cut();
  const down = await eventually(async () => {
    const response = await fetch(`${baseUrl}/api/ready`);
    expect(response.status).toBe(503);
    return (await response.json()) as { checks: { name: string; ok: boolean }[] };
  }, 15_000);
  expect(down.checks).toContainEqual(expect.objectContaining({ name: "database", ok: false }));
  await postgres.restore();
  await eventually(async () => {
    expect((await fetch(`${baseUrl}/api/ready`)).status).toBe(200);
  }, 15_000);
}, 60_000);

test("SIGTERM stops it cleanly with exit code 0", async () => {
  const exited = new Promise<number | null>((resolve) => server?.once("exit", resolve));
  server?.kill("SIGTERM");
  expect(await exited, output).toBe(0);
  expect(output).toContain("stopped cleanly");
}, 60_000);
