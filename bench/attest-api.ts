/*
 * Receipt verification through the HTTP API against the production build, next to the
 * `GET /api/health` floor measured in the same run on the same server.
 *   npx tsx --tsconfig tsconfig.json bench/attest-api.ts [seconds=10] [connections=10] [receipts=500]
 * Needs `npx next build`. Uses DATABASE_URL when set, otherwise a fresh database on the local
 * PostgreSQL (127.0.0.1:5432). Verification rotates over `receipts` sealed receipts, so two
 * connections rarely verify the same receipt at once (those would be 409s, counted apart).
 */
import { existsSync } from "node:fs";
import autocannon from "autocannon";
import { closeDatabase, db } from "@/db/client";
import { migrateDatabase } from "@/db/migrate";
import { receipts } from "@/db/schema";
import { createApiKey } from "@/lib/keys/create-key";
import { createOrganization } from "@/lib/orgs/create-organization";
import { startChildServer } from "@/tests/support/child-server";
import { issueTestReceipt, sealAll } from "@/tests/support/receipts";
import { benchDatabase } from "./lib/fresh-database";

const [seconds = 10, connections = 10, receiptCount = 500] = process.argv
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
  process.env.DATABASE_URL = database.url;
  await migrateDatabase(database.url);
  const server = await startChildServer({ env: { DATABASE_URL: database.url } });
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
    await server.stop();
    await closeDatabase();
    await database.drop();
  }
};

await main();
