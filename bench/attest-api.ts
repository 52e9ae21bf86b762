/*
 * Receipt verification through the HTTP API against the production build, next to the
 * `GET /api/health` floor measured in the same run on the same server.
 *   npx tsx --tsconfig tsconfig.json bench/attest-api.ts [seconds=4] [rounds=5] [connections=10] [receipts=500]
 * Needs `npx next build`. Uses DATABASE_URL when set, otherwise a fresh database on the local
 * PostgreSQL (127.0.0.1:5432). Verification rotates over `receipts` sealed receipts, so two
 * connections rarely verify the same receipt at once (those would be 409s, counted apart and
 * not in the rate: only 200s are). Rate limiting is off, as in bench:api: this measures the
 * route, not the limiter.
 * Rounds take the floor and verification in turn, so the host's drift hits both alike; each
 * figure is the median over the rounds.
 */
import { existsSync } from "node:fs";
import autocannon from "autocannon";
import { setConfigVariables } from "@/config";
import { closeDatabase, db } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { receipts } from "@/db/schema";
import { createApiKey } from "@/lib/keys/create-key";
import { createOrganization } from "@/lib/orgs/create-organization";
import { startChildServer } from "@/tests/support/child-server";
import { issueTestReceipt, sealAll } from "@/tests/support/receipts";
import { benchDatabase } from "./lib/fresh-database";
import { median } from "./lib/measure";

const [seconds = 4, rounds = 5, connections = 10, receiptCount = 500] = process.argv
  .slice(2)
  .map((arg) => Number(arg));

const run = (options: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
  );

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

const main = async () => {
  if (!existsSync(".next/BUILD_ID")) throw new Error("No production build: run `npx next build`.");
  const database = await benchDatabase("bench_attest");
  setConfigVariables({ DATABASE_URL: database.url });
  await migrateDatabase(database.url);
  const server = await startChildServer({ env: { DATABASE_URL: database.url, RATE_LIMIT: "off" } });
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

    const base = server.baseUrl;
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
    const healthOptions: autocannon.Options = { ...common, url: `${base}/api/health` };
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
    // The public log's reads: the latest checkpoint, a proof to it, a full tile.
    let from = 0;
    const logReads = {
      checkpoint: { ...common, url: `${base}/v1/attest/log/checkpoint` },
      consistency: {
        ...common,
        url: base,
        requests: [
          {
            method: "GET" as const,
            setupRequest: (request: autocannon.Request) => {
              request.path = `/v1/attest/log/consistency?from=${(from++ % (receiptCount - 1)) + 1}`;
              return request;
            },
          },
        ],
      },
      tile: { ...common, url: `${base}/v1/attest/log/tile/0/000` },
    } satisfies Record<string, autocannon.Options>;
    // Warm-up (JIT, caches, pool), then the rounds.
    await run({ ...healthOptions, duration: 2 });
    await run({ ...verifyOptions, duration: 2 });
    for (const options of Object.values(logReads)) await run({ ...options, duration: 1 });
    const healthRuns: autocannon.Result[] = [];
    const verifyRuns: autocannon.Result[] = [];
    const logRuns: Record<keyof typeof logReads, autocannon.Result[]> = {
      checkpoint: [],
      consistency: [],
      tile: [],
    };
    for (let round = 0; round < rounds; round++) {
      healthRuns.push(await run(healthOptions));
      verifyRuns.push(await run(verifyOptions));
      for (const [name, options] of Object.entries(logReads)) {
        logRuns[name as keyof typeof logReads].push(await run(options));
      }
    }
    const summary = (runs: autocannon.Result[]) => ({
      rps: median(runs.map((r) => r["2xx"] / r.duration)),
      p50: median(runs.map((r) => r.latency.p50)),
      p99: median(runs.map((r) => r.latency.p99)),
    });
    const health = summary(healthRuns);
    const verify = summary(verifyRuns);
    const total = (key: "2xx" | "non2xx" | "errors") =>
      verifyRuns.reduce((sum, r) => sum + r[key], 0);

    const ratio = verify.rps / health.rps;
    console.log(
      `attest API benchmark: medians of ${rounds} rounds of ${seconds} s, ${connections} connections, one server process`,
    );
    console.log(`  ${receiptCount} sealed receipts, verified in rotation (recomputeHash: true)`);
    console.log(
      `  GET /api/health (floor)        ${fmt(health.rps)} req/s  p50 ${health.p50} ms  p99 ${health.p99} ms`,
    );
    console.log(
      `  POST /v1/receipts/:id/verify   ${fmt(verify.rps)} req/s  p50 ${verify.p50} ms  p99 ${verify.p99} ms`,
    );
    console.log(
      `  verify responses: ${fmt(total("2xx"))} 2xx, ${fmt(total("non2xx"))} non-2xx (409 when two connections hit one receipt), ${total("errors")} errors`,
    );
    console.log(
      `  ratio verify / health: ${(ratio * 100).toFixed(1)}% (goal ≥ 50%: ${ratio >= 0.5 ? "met" : "NOT met"})`,
    );
    for (const [name, runs] of Object.entries(logRuns)) {
      const reads = summary(runs);
      console.log(
        `  log ${name.padEnd(12)} ${fmt(reads.rps)} req/s  p50 ${reads.p50} ms  p99 ${reads.p99} ms  ${((reads.rps / health.rps) * 100).toFixed(1)}% of the floor`,
      );
    }
  } finally {
    await server.stop();
    await closeDatabase();
    await database.drop();
  }
};

await main();
