/*
 * Receipt verification through the HTTP API against the production build, next to the
 * `GET /api/health` floor measured in the same run on the same server.
 *   npx tsx --tsconfig tsconfig.json bench/attest-api.ts [seconds=10] [connections=10] [receipts=500]
 * Needs `npx next build`. Uses DATABASE_URL when set, otherwise a fresh database on the local
 * PostgreSQL (127.0.0.1:5432). Verification rotates over `receipts` sealed receipts, so two
 * connections rarely verify the same receipt at once (those would be 409s, counted apart).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import autocannon from "autocannon";
import postgres from "postgres";
import { closeDatabase, db } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { receipts } from "@/db/schema";
import { createApiKey } from "@/lib/keys/create-key";
import { createOrganization } from "@/lib/orgs/create-organization";
import { issueTestReceipt, sealAll } from "@/tests/support/receipts";

const [seconds = 10, connections = 10, receiptCount = 500] = process.argv
  .slice(2)
  .map((arg) => Number(arg));

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

const databaseUrl = async () => {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const name = `bench_attest_${Date.now()}`;
  const admin = postgres("postgres://postgres@127.0.0.1:5432/postgres", { max: 1 });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  return `postgres://postgres@127.0.0.1:5432/${name}`;
};

const startServer = async (url: string, port: number): Promise<ChildProcess> => {
  const server = spawn("node_modules/.bin/next", ["start", "-p", String(port)], {
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: "production", PORT: String(port) },
    stdio: "ignore",
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not start");
};

const run = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
  );

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

const main = async () => {
  if (!existsSync(".next/BUILD_ID")) throw new Error("No production build: run `npx next build`.");
  const url = await databaseUrl();
  process.env.DATABASE_URL = url;
  await migrateDatabase(url);
  const port = await freePort();
  const server = await startServer(url, port);
  try {
    const organization = await createOrganization({ name: "Bench", plan: "enterprise" });
    const { secret } = await createApiKey({
      organizationId: organization.id,
      environment: "production",
      name: "bench",
      scopes: ["attest.verify", "receipt.read"],
    });
    const tenant = { organizationId: organization.id, environment: "production" as const };
    const ids: string[] = [];
    for (let i = 0; i < receiptCount; i++) {
      ids.push((await issueTestReceipt({ tenant, responders: (i % 3) + 1 })).id);
    }
    await sealAll("production");
    const sealed = await db.select({ id: receipts.id }).from(receipts);
    if (sealed.length < receiptCount) throw new Error("receipts were not sealed");

    const base = `http://127.0.0.1:${port}`;
    const probe = await fetch(`${base}/v1/receipts/${ids[0]}/verify`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: '{"recomputeHash":true}',
    });
    const probeBody = (await probe.json()) as { status?: string };
    if (probe.status !== 200 || probeBody.status !== "valid") {
      throw new Error(`verify probe answered ${probe.status}: ${JSON.stringify(probeBody)}`);
    }
    const common = { connections, duration: seconds };
    await run({ ...common, url: `${base}/api/health`, duration: 2 }); // warm-up
    const health = await run({ ...common, url: `${base}/api/health` });
    let next = 0;
    const verifyOptions: autocannon.Options = {
      ...common,
      url: base,
      requests: [
        {
          method: "POST",
          headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
          setupRequest: (request) => {
            request.path = `/v1/receipts/${ids[next++ % ids.length]}/verify`;
            request.body = '{"recomputeHash":true}';
            return request;
          },
        },
      ],
    };
    await run({ ...verifyOptions, duration: 2 }); // warm-up (JIT, caches, pool)
    const verify = await run(verifyOptions);

    const ratio = verify.requests.average / health.requests.average;
    console.log(
      `attest API benchmark: ${seconds} s per run, ${connections} connections, one server process`,
    );
    console.log(`  ${receiptCount} sealed receipts, verified in rotation (recomputeHash: true)`);
    console.log(
      `  GET /api/health (floor)        ${fmt(health.requests.average)} req/s  p50 ${health.latency.p50} ms  p99 ${health.latency.p99} ms`,
    );
    console.log(
      `  POST /v1/receipts/:id/verify   ${fmt(verify.requests.average)} req/s  p50 ${verify.latency.p50} ms  p99 ${verify.latency.p99} ms`,
    );
    console.log(
      `  verify responses: ${fmt(verify["2xx"])} 2xx, ${fmt(verify.non2xx)} non-2xx (409 when two connections hit one receipt), ${verify.errors} errors`,
    );
    console.log(
      `  ratio verify / health: ${(ratio * 100).toFixed(1)}% (goal ≥ 50%: ${ratio >= 0.5 ? "met" : "NOT met"})`,
    );
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
    await closeDatabase();
  }
};

await main();
